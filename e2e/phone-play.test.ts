import { describe, expect, it } from 'vitest';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import {
  createPlayer,
  fundPlayer,
  hasBrowser,
  PASSWORD,
  signInWith,
  uniqueEmail,
  usePlayerPages,
  visit,
  waitForRocketBetting,
} from './fixtures.ts';

/**
 * Playing on a phone (issue: new-player walk-through and phone audit): at 360 × 740, without
 * fullscreen, the game frame takes the whole width and the height between the site header and
 * the bottom navigation bar; every control of the game sits inside that box, nothing scrolls
 * sideways (neither the page nor the game), and a game region that scrolls can be focused. A
 * funded player spins a slot, bets on red at roulette and joins a Rocket round.
 *
 * Test ids — site: `game-frame` (data-status); game clients: `balance`, `bet-amount`,
 * `spin-button`, `round-result` (data-round-id), `reels`, `paytable`, `info-button`,
 * `info-panel`, `bet-spot-red`, `total-stake`, `clear-bets`, `crash-phase` (data-phase),
 * `auto-cashout`, `cashout-button`, `crash-multiplier`, `game-stage`.
 */
const PHONE = { width: 360, height: 740 };
const SLOT = { path: '/play/croupier-originals/divine-pegasus', title: 'Divine Pegasus', slug: 'divine-pegasus' };
const ROULETTE = {
  path: '/play/croupier-originals/european-roulette',
  title: 'European Roulette',
  slug: 'european-roulette',
};
const ROCKET = { path: '/play/turbo-games/rocket', title: 'Rocket', slug: 'rocket' };

type Box = { x: number; y: number; width: number; height: number };

const frameHost = (page: Page) => page.getByTestId('game-frame');
const game = (page: Page, title: string): FrameLocator => page.frameLocator(`iframe[title="${title}"]`);

function gameDocument(page: Page, slug: string): Frame {
  const frame = page.frames().find((f) => new URL(f.url()).pathname.startsWith(`/games/${slug}/`));
  if (!frame) throw new Error(`no game frame for ${slug}`);
  return frame;
}

/** Opens a game page and waits for the game client to be ready in the frame. */
async function openGame(page: Page, path: string, title: string): Promise<FrameLocator> {
  await visit(page, path);
  await expect.poll(() => frameHost(page).getAttribute('data-status')).toBe('loaded');
  const client = game(page, title);
  await client.getByTestId('spin-button').waitFor();
  return client;
}

/**
 * The frame fills the width and the height left between the sticky header and the bottom bar,
 * and the page is scrolled so it sits right under the header. Returns the frame's box.
 */
async function expectFrameFillsThePhone(page: Page): Promise<Box> {
  const header = (await page.getByRole('banner').boundingBox())!;
  const bottomBar = (await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox())!;
  await expect
    .poll(async () => Math.round((await frameHost(page).boundingBox())!.y))
    .toBe(Math.round(header.y + header.height));
  const frame = (await frameHost(page).boundingBox())!;
  expect(frame.x).toBe(0);
  expect(frame.width).toBe(PHONE.width);
  expect(Math.abs(frame.y + frame.height - bottomBar.y)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  return frame;
}

/** The control is on screen, inside the frame box (not under the header or the bottom bar). */
async function expectInside(control: Locator, frame: Box) {
  const id = (await control.getAttribute('data-testid')) ?? 'control';
  const box = await control.boundingBox();
  expect(box, id).not.toBeNull();
  expect(box!.x, id).toBeGreaterThanOrEqual(frame.x);
  expect(box!.x + box!.width, id).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  expect(box!.y, id).toBeGreaterThanOrEqual(frame.y - 0.5);
  expect(box!.y + box!.height, id).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
}

/**
 * Neither the page nor the game document scrolls sideways, and every region of the game that
 * scrolls can be reached by keyboard: it is focusable or holds something focusable (axe rule
 * "scrollable-region-focusable").
 */
async function expectNoSidewaysScrollAndFocusableRegions(page: Page, slug: string) {
  const check = () => {
    const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
    const unreachable = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const { overflowX, overflowY } = getComputedStyle(el);
        const scrolls =
          (/(auto|scroll)/.test(overflowY) && el.scrollHeight > el.clientHeight) ||
          (/(auto|scroll)/.test(overflowX) && el.scrollWidth > el.clientWidth);
        return scrolls && el.tabIndex < 0 && !el.querySelector(focusable);
      })
      .map((el) => el.className || el.tagName);
    return { sideways: document.documentElement.scrollWidth - innerWidth, unreachable };
  };
  expect(await page.evaluate(check)).toEqual({ sideways: 0, unreachable: [] });
  expect(await gameDocument(page, slug).evaluate(check)).toEqual({ sideways: 0, unreachable: [] });
}

/** Waits until the result line shows a settled round newer than the one before. */
async function waitForSettledRound(client: FrameLocator, before: string | null, timeout = 15_000) {
  const result = client.getByTestId('round-result');
  await expect.poll(() => result.getAttribute('data-round-id'), { timeout }).not.toBe(before);
  await expect.poll(() => result.getAttribute('class')).toMatch(/gc-result--(win|loss)/);
}

describe.skipIf(!hasBrowser)('playing on a phone', () => {
  const openPage = usePlayerPages();

  it('a player spins a slot, bets at roulette and flies a Rocket round at 360 × 740 without fullscreen', async () => {
    const email = uniqueEmail('phone');
    await createPlayer(email);
    await fundPlayer(email, 'EUR', 50_00);
    const page = await openPage({ viewport: PHONE });
    await visit(page, `/login?${new URLSearchParams({ redirect: SLOT.path })}`);
    await signInWith(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === SLOT.path);

    // Slot: the reels are there before the first spin, the controls fit, one spin settles.
    await expect.poll(() => frameHost(page).getAttribute('data-status')).toBe('loaded');
    const slot = game(page, SLOT.title);
    await slot.getByTestId('spin-button').waitFor();
    let frame = await expectFrameFillsThePhone(page);
    const reels = slot.getByTestId('reels');
    expect(await reels.locator('.gc-sym svg').count()).toBeGreaterThan(0);
    expect(await reels.getAttribute('aria-label')).toMatch(/^Reels: /);
    for (const id of ['balance', 'bet-amount', 'spin-button', 'reels', 'info-button'])
      await expectInside(slot.getByTestId(id), frame);
    await expectNoSidewaysScrollAndFocusableRegions(page, SLOT.slug);
    await page.screenshot({ path: '/tmp/phone-slot-before.png' });
    await slot.getByTestId('spin-button').click();
    await waitForSettledRound(slot, null);
    await expectInside(slot.getByTestId('round-result'), frame);
    await page.screenshot({ path: '/tmp/phone-slot.png' });

    // One number of paylines: the rules in the game and the facts on its page.
    await slot.getByTestId('info-button').click();
    await expect.poll(() => slot.getByTestId('info-panel').textContent()).toContain('20 paylines');
    await expectInside(slot.getByTestId('info-panel'), frame);
    await expectNoSidewaysScrollAndFocusableRegions(page, SLOT.slug);
    expect(await page.locator('dt:text-is("Lines") + dd').textContent()).toBe('20');
    expect(await page.getByText(/with 20 paylines/).count()).toBe(1);

    // Roulette: the upright layout; a chip on red and a spin, the controls within the frame.
    const roulette = await openGame(page, ROULETTE.path, ROULETTE.title);
    frame = await expectFrameFillsThePhone(page);
    const noStake = await roulette.getByTestId('total-stake').textContent();
    await roulette.getByTestId('bet-spot-red').click();
    await expectInside(roulette.getByTestId('bet-spot-red'), frame);
    await expect.poll(() => roulette.getByTestId('total-stake').textContent()).not.toBe(noStake);
    for (const id of ['balance', 'bet-amount', 'total-stake', 'clear-bets', 'spin-button'])
      await expectInside(roulette.getByTestId(id), frame);
    // The layout is taller than the phone: its stage scrolls, and then it can take focus.
    expect(await roulette.getByTestId('game-stage').getAttribute('tabindex')).toBe('0');
    await expectNoSidewaysScrollAndFocusableRegions(page, ROULETTE.slug);
    const rouletteBefore = await roulette.getByTestId('round-result').getAttribute('data-round-id');
    await roulette.getByTestId('spin-button').click();
    await waitForSettledRound(roulette, rouletteBefore);
    await expectInside(roulette.getByTestId('round-result'), frame);
    await page.screenshot({ path: '/tmp/phone-roulette.png' });

    // Rocket: a bet in the next shared round, cashed out automatically or lost with the rocket.
    const rocket = await openGame(page, ROCKET.path, ROCKET.title);
    frame = await expectFrameFillsThePhone(page);
    for (const id of ['balance', 'bet-amount', 'auto-cashout', 'spin-button', 'cashout-button', 'crash-multiplier'])
      await expectInside(rocket.getByTestId(id), frame);
    await expectNoSidewaysScrollAndFocusableRegions(page, ROCKET.slug);
    await waitForRocketBetting(rocket);
    await rocket.getByTestId('auto-cashout').fill('1.01');
    await rocket.getByTestId('spin-button').click();
    await waitForSettledRound(rocket, null, 60_000);
    await expectInside(rocket.getByTestId('round-result'), frame);
    await expectNoSidewaysScrollAndFocusableRegions(page, ROCKET.slug);
    await page.screenshot({ path: '/tmp/phone-rocket.png' });
  }, 400_000);
});
