import { describe, expect, it } from 'vitest';
import type { Frame, FrameLocator, Page } from 'playwright-core';
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
 * Playing (docs/player-app.md#game-frame, #game-url; issue 3 §7): the game page runs the game client of
 * `/games/{gameSlug}/{id}` in the frame, which survives navigation as a minimised shell.
 *
 * Test ids used here — site: `game-frame` (data-view page|minimised, data-status opened|loaded),
 * `frame-shell-handle`, `frame-shell-resume`, `frame-shell-close`, `history-row` (data-round),
 * `verify-result` (data-verified), `rotate-seed`; game clients: `spin-button`, `balance`,
 * `round-result`, `bet-spot-<name>`, `crash-phase` (data-phase), `auto-cashout`.
 */
const SLOT = { path: '/play/croupier-originals/wizard-of-avalon', title: 'Wizard of Avalon' };
const ROULETTE = { path: '/play/croupier-originals/european-roulette', title: 'European Roulette' };
const ROCKET = { path: '/play/turbo-games/rocket', title: 'Rocket' };

const frameHost = (page: Page) => page.getByTestId('game-frame');
const game = (page: Page, title: string): FrameLocator => page.frameLocator(`iframe[title="${title}"]`);
const headerBalance = (page: Page) => page.getByRole('banner').locator('.balance__amount');

/** The game client's document (to prove the iframe was never reloaded). */
function gameDocument(page: Page, slug: string): Frame {
  const frame = page.frames().find((f) => new URL(f.url()).pathname.startsWith(`/games/${slug}/`));
  if (!frame) throw new Error(`no game frame for ${slug}`);
  return frame;
}

/**
 * One round, waited for until its result line shows a new settled round (its `data-round-id`
 * where the client sets one, so two identical results in a row still count as two rounds).
 */
async function playOnce(client: FrameLocator) {
  const result = client.getByTestId('round-result');
  const state = async () =>
    `${(await result.getAttribute('data-round-id')) ?? ''}|${(await result.textContent())?.trim() ?? ''}`;
  const before = await state();
  await client.getByTestId('spin-button').click();
  await expect.poll(state, { timeout: 15_000 }).not.toBe(before);
  await expect.poll(() => result.getAttribute('class')).toMatch(/gc-result--(win|loss)/);
}

describe.skipIf(!hasBrowser)('playing games', () => {
  const openPage = usePlayerPages();

  it('a guest opens a slot in demo mode, spins, and the frame closes when they leave', async () => {
    const page = await openPage();
    await visit(page, SLOT.path);
    await expect.poll(() => frameHost(page).getAttribute('data-status')).toBe('loaded');
    const client = game(page, SLOT.title);
    await client.getByTestId('demo-badge').waitFor();
    const balance = client.getByTestId('balance');
    await expect.poll(async () => (await balance.textContent()) ?? '').toContain('FUN');
    const before = await balance.textContent();

    // A spin that pays back exactly its stake leaves the balance as it was (a few percent of
    // spins), so the guest spins until one moves it; five in a row that all pay the stake back
    // are practically impossible.
    for (let spin = 0; spin < 5 && (await balance.textContent()) === before; spin++) await playOnce(client);
    await expect.poll(() => balance.textContent()).not.toBe(before);

    // docs/player-app.md#game-frame: a guest's game closes instead of minimising.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Lobby' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => frameHost(page).count()).toBe(0);
  });

  it('a funded player plays for real money, minimises and resumes, and verifies a round from the history', async () => {
    const email = uniqueEmail('player');
    await createPlayer(email);
    await fundPlayer(email, 'EUR', 100_00);
    const page = await openPage();
    await visit(page, `/login?${new URLSearchParams({ redirect: SLOT.path })}`);
    await signInWith(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === SLOT.path);
    await expect.poll(() => headerBalance(page).textContent()).toBe('€100.00');

    // A real-money slot spin; the header balance follows without a reload.
    await expect.poll(() => frameHost(page).getAttribute('data-status')).toBe('loaded');
    const slot = game(page, SLOT.title);
    await expect.poll(async () => (await slot.getByTestId('balance').textContent()) ?? '').toContain('€');
    expect(await slot.getByTestId('demo-badge').count()).toBe(0);
    // As in demo mode, a spin that pays back exactly its stake moves nothing: spin until one does.
    const slotBalance = slot.getByTestId('balance');
    const slotBefore = await slotBalance.textContent();
    let slotSpins = 0;
    while (slotSpins < 5 && (await slotBalance.textContent()) === slotBefore) {
      await playOnce(slot);
      slotSpins++;
    }
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).not.toBe('€100.00');

    // Leaving the page minimises the live game into the 250 px shell.
    await gameDocument(page, 'wizard-of-avalon').evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = 'same document';
    });
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Lobby' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => frameHost(page).getAttribute('data-view')).toBe('minimised');
    const shell = await frameHost(page).boundingBox();
    expect(shell?.width).toBe(250);

    // It can be dragged with the pointer and the keyboard, and never leaves the viewport.
    const handle = page.getByTestId('frame-shell-handle');
    const grip = (await handle.boundingBox())!;
    await page.mouse.move(grip.x + 20, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x - 300, grip.y - 200, { steps: 5 });
    await page.mouse.up();
    const dragged = (await frameHost(page).boundingBox())!;
    expect(dragged.x).toBeLessThan(shell!.x - 200);
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    expect((await frameHost(page).boundingBox())!.x).toBeLessThan(dragged.x);
    for (let i = 0; i < 40; i++) await page.keyboard.press('Shift+ArrowUp');
    const top = (await frameHost(page).boundingBox())!;
    expect(top.y).toBe(0);

    // Clicking the shell resumes the same game, never reloaded.
    await page.getByTestId('frame-shell-resume').click();
    await page.waitForURL((url) => url.pathname === SLOT.path);
    await expect.poll(() => frameHost(page).getAttribute('data-view')).toBe('page');
    expect(
      await gameDocument(page, 'wizard-of-avalon').evaluate(
        () => (window as unknown as { e2eMarker?: string }).e2eMarker,
      ),
    ).toBe('same document');

    // Roulette: a chip on red, one spin.
    await visit(page, ROULETTE.path);
    await expect.poll(() => frameHost(page).getAttribute('data-status')).toBe('loaded');
    const roulette = game(page, ROULETTE.title);
    await roulette.getByTestId('bet-spot-red').click();
    // An inside bet: the split of 5 and 6, chosen with the bet kind and its anchor number.
    await roulette.getByTestId('bet-mode-split-up').click();
    await roulette.getByTestId('bet-spot-5').click();
    await expect.poll(() => roulette.getByTestId('inside-bets').textContent()).toContain('Split 5/6');
    await playOnce(roulette);

    // Rocket: a bet with an automatic cash-out in the next shared round, until the round is over.
    await visit(page, ROCKET.path);
    await expect.poll(() => frameHost(page).getAttribute('data-status')).toBe('loaded');
    const rocket = game(page, ROCKET.title);
    await waitForRocketBetting(rocket);
    await rocket.getByTestId('auto-cashout').fill('1.01');
    await rocket.getByTestId('spin-button').click();
    await expect
      .poll(() => rocket.getByTestId('round-result').getAttribute('class'), { timeout: 60_000 })
      .toMatch(/gc-result--(win|loss)/);

    // The shell's close button closes the game.
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => frameHost(page).getAttribute('data-view')).toBe('minimised');
    await page.getByTestId('frame-shell-close').click();
    await expect.poll(() => frameHost(page).count()).toBe(0);

    // The history lists every round, newest first.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('link', { name: 'Games history' }).click();
    await page.waitForURL((url) => url.pathname === '/users/games-history');
    const rows = page.getByTestId('history-row');
    await expect.poll(() => rows.count()).toBe(2 + slotSpins);
    expect(await rows.getByRole('rowheader').allTextContents()).toEqual([
      expect.stringContaining(ROCKET.title),
      expect.stringContaining(ROULETTE.title),
      ...Array.from({ length: slotSpins }, () => expect.stringContaining(SLOT.title)),
    ]);

    // The slot round's seed is revealed by rotating the pair; then it verifies.
    const slotRound = await rows.nth(2).getAttribute('data-round');
    await visit(page, `/provably-fair?round=${slotRound}`);
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-verified')).toBe('pending');
    await page.getByTestId('rotate-seed').click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-verified')).toBe('true');
    await page.getByTestId('verify-result').getByText('✓ Verified').waitFor();

    // Reached from the history's link too.
    await visit(page, '/users/games-history');
    await page
      .getByTestId('history-row')
      .nth(2)
      .getByRole('link', { name: /Verify round/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/provably-fair' && url.searchParams.get('round') === slotRound);
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-verified')).toBe('true');
  }, 400_000);
});
