import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';
import { baseUrl, createPlayer, fundPlayer, hasBrowser, uniqueEmail, usePlayerPages, visit } from './fixtures.ts';

/**
 * What a new player saw wrong on a 360 × 740 phone and a 1366 × 768 laptop, measured in the
 * browser because only a real layout shows it: tables clipped at the phone's edge, a badge under
 * the ♡, the pager's Next under Previous, no wagering in the phone header, a refusal banner that
 * cut off the reels, a success-green "Reached" badge and a toast that hid a sixth of the phone.
 */
const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const SLOT = { path: '/play/croupier-originals/wizard-of-avalon', title: 'Wizard of Avalon' };

async function admin<T>(method: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A signed-in, funded player in `page`'s browser; `session` for calls made as them. */
async function player(
  page: Page,
): Promise<{ id: number; email: string; call: (path: string, data: unknown) => Promise<number> }> {
  const email = uniqueEmail('layout');
  const { id, session } = await createPlayer(email);
  // Four figures: a seven-figure balance does not fit a 360 px header yet (docs/web-shell.md#phones-and-long-languages).
  await fundPlayer(email, 'EUR', 1_234_56);
  await page.context().addCookies([{ ...session, url: baseUrl }]);
  const call = async (path: string, data: unknown) =>
    (await page.request.post(path, { headers: { 'x-requested-with': 'XMLHttpRequest' }, data })).status();
  return { id, email, call };
}

/** A cash bonus with a wagering requirement, issued by the operator and active at once. */
async function wageringBonus(playerId: number) {
  const campaign = await admin<{ id: number }>('POST', '/api/admin/bonus-campaigns', {
    code: null,
    kind: 'cash',
    trigger: 'manual',
    titles: { en: 'Layout gift' },
    terms: { amount_cents: { EUR: 20_00 }, wager_multiplier: 10, validity_days: 3, auto_activate: true },
  });
  await admin('POST', `/api/admin/players/${playerId}/bonuses`, {
    campaign_id: campaign.id,
    currency: 'EUR',
    key: `layout-${randomUUID()}`,
  });
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openSlot(page: Page): Promise<FrameLocator> {
  await visit(page, SLOT.path);
  await expect
    .poll(() => page.getByTestId('game-frame').getAttribute('data-status'), { timeout: 15_000 })
    .toBe('loaded');
  const slot = page.frameLocator(`iframe[title="${SLOT.title}"]`);
  await slot.getByTestId('spin-button').waitFor();
  return slot;
}

async function spin(slot: FrameLocator) {
  const result = slot.getByTestId('round-result');
  const before = await result.getAttribute('data-round-id');
  await slot.getByTestId('spin-button').click();
  await expect.poll(() => result.getAttribute('data-round-id'), { timeout: 15_000 }).not.toBe(before);
}

async function setBet(slot: FrameLocator, amount: string) {
  const input = slot.getByTestId('bet-amount');
  await input.fill(amount);
  await input.press('Tab');
}

describe.skipIf(!hasBrowser)('a new player’s screens, laid out', () => {
  const openPage = usePlayerPages();

  it('on a 360 px phone: tables fit, badges clear the ♡, the header shows the wagering, the pager keeps one row', async () => {
    const page = await openPage({ viewport: PHONE });
    const { id, call } = await player(page);
    await wageringBonus(id);
    const card = { card_number: '4242424242424242', expiry_date: '12/39', cvv: '123', card_holder: 'Erika Tester' };
    expect(
      await call('/api/payments/deposits', {
        payment: { currency: 'EUR', amount_cents: 4_987_65, method_id: 'sandbox_card', fields: card },
      }),
    ).toBe(201);

    // The wallets and the payment totals: every figure inside the phone, nothing to scroll sideways.
    for (const [path, table] of [
      ['/users', 'table.wallets'],
      ['/users/payments', 'table.figures'],
    ] as const) {
      await visit(page, path);
      const figures = page.locator(table);
      await figures.locator('td').first().waitFor();
      const scroll = figures.locator('xpath=ancestor::*[contains(@class,"table-scroll")][1]');
      const sizes = await scroll.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll, path).toBeLessThanOrEqual(sizes.client);
      for (const cell of await figures.locator('td').all()) {
        const b = await box(cell);
        expect(b.x + b.width, `${path}: ${await cell.textContent()}`).toBeLessThanOrEqual(PHONE.width);
      }
    }

    // A card with the JACKPOT badge: no badge under the ♡.
    await visit(page, '/pokies/all');
    const jackpot = page.locator('.game-card', { has: page.locator('.game-badge--jackpot') }).first();
    await jackpot.scrollIntoViewIfNeeded();
    const heart = await box(jackpot.locator('.game-card__fav'));
    for (const badge of await jackpot.locator('.game-badge').all())
      expect(overlap(await box(badge), heart), (await badge.textContent()) ?? '').toBe(false);

    // The game fills the phone, so the page's own meter is scrolled away: the header shows the wagering.
    const slot = await openSlot(page);
    const pill = page.getByRole('banner').getByRole('link', { name: /^Bonus wagering: / });
    await expect.poll(() => pill.isVisible()).toBe(true);
    const pillBox = await box(pill);
    expect(pillBox.x + pillBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await spin(slot);

    // The games history: Previous and Next on one row.
    await visit(page, '/users/games-history');
    const pager = page.getByRole('navigation', { name: /pages/i });
    const previous = await box(pager.getByRole('button', { name: 'Previous' }));
    const next = await box(pager.getByRole('button', { name: 'Next' }));
    expect(Math.round(next.y)).toBe(Math.round(previous.y));
    expect(next.x + next.width).toBeLessThanOrEqual(PHONE.width);
  }, 120_000);

  it('a refused bet’s banner leaves the whole reels in view; a used-up limit reads as a warning, in a small toast on a phone', async () => {
    const page = await openPage({ viewport: LAPTOP });
    const { call } = await player(page);
    // A wager limit of 1.50: one 1.00 spin leaves 0.50, so the next 1.00 is refused.
    expect(
      await call('/api/user_limits', {
        type: 'wager',
        period: 'day',
        accounts: [{ currency: 'EUR', amount_cents: 150 }],
      }),
    ).toBe(201);
    const slot = await openSlot(page);
    await setBet(slot, '1.00');
    await spin(slot);
    await slot.getByTestId('spin-button').click();
    await slot.getByTestId('game-error').waitFor();
    const stage = slot.getByTestId('game-stage');
    const reels = await box(slot.getByTestId('reels'));
    const stageBox = await box(stage);
    // The whole reels inside the stage's box. (A winning first spin lists its lines under them,
    // which may scroll: the reels themselves stay in view.)
    expect(reels.y).toBeGreaterThanOrEqual(stageBox.y - 1);
    expect(reels.y + reels.height).toBeLessThanOrEqual(stageBox.y + stageBox.height + 1);

    // The last 0.50 uses the limit up: the page leaves for the limits, where it is marked reached.
    await slot.getByTestId('game-error').getByRole('button').last().click();
    await setBet(slot, '0.50');
    await slot.getByTestId('spin-button').click();
    await page.waitForURL((url) => url.pathname === '/users/limits', { timeout: 15_000 });
    const reached = page.getByRole('region', { name: 'Wager limit' }).getByText('Reached', { exact: true });
    await reached.waitFor();
    const colours = await reached.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--c-danger)';
      document.body.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { badge: getComputedStyle(el).color, danger };
    });
    expect(colours.badge).toBe(colours.danger);

    // On a phone the warning that stays is a small strip above the bottom bar, not a sixth of the screen.
    await page.setViewportSize(PHONE);
    const toast = page.locator('.toast--warning').filter({ hasText: 'You have reached a limit you set' });
    await toast.waitFor();
    const toastBox = await box(toast);
    expect(toastBox.height).toBeLessThanOrEqual(PHONE.height / 10);
    const bar = await box(page.getByRole('navigation', { name: 'Main navigation' }));
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bar.y);
  }, 120_000);
});
