import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';
import {
  baseUrl,
  confirmEmail,
  createPlayer,
  fundPlayer,
  hasBrowser,
  PASSWORD,
  signInWith,
  uniqueEmail,
  usePlayerPages,
  visit,
} from './fixtures.ts';

/**
 * Bonuses (docs/bonuses.md#what-the-player-sees): a new player chooses a deposit offer in the
 * cashbox, deposits, plays a slot while the wagering meter rises, finishes the wagering, sees the
 * bonus converted and withdraws; another player cancels a bonus from the gifts page and sees only
 * the bonus money go. Each story's campaign is its own, made through the operator's API, so its
 * figures are small and exact: stakes are cash first, so a bonus wagered with cash converts whole.
 */
const SLOT = { path: '/play/croupier-originals/wizard-of-avalon', title: 'Wizard of Avalon' };
const headerBalance = (page: Page) => page.getByRole('banner').locator('.balance__amount');
const stepOf = (dialog: Locator) => dialog.getByRole('progressbar').getAttribute('aria-valuenow');

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

async function campaign(body: Record<string, unknown>): Promise<{ id: number; code: string }> {
  const code = `E2E${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
  return admin('POST', '/api/admin/bonus-campaigns', { code, ...body });
}

async function signedIn(page: Page, email: string, path: string) {
  await visit(page, `/login?${new URLSearchParams({ redirect: path })}`);
  await signInWith(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === path);
}

/** One slot spin, waited for until its result shows a new settled round. */
async function spin(client: FrameLocator) {
  const result = client.getByTestId('round-result');
  const state = async () =>
    `${(await result.getAttribute('data-round-id')) ?? ''}|${(await result.textContent())?.trim() ?? ''}`;
  const before = await state();
  await client.getByTestId('spin-button').click();
  await expect.poll(state, { timeout: 15_000 }).not.toBe(before);
}

describe.skipIf(!hasBrowser)('bonuses', () => {
  const openPage = usePlayerPages();

  it('a new player takes a deposit offer, wagers it in a slot watching the meter, sees it converted and withdraws', async () => {
    await campaign({
      kind: 'deposit',
      trigger: 'deposit',
      titles: { en: 'Story match' },
      terms: {
        percent: 100,
        max_bonus_cents: { EUR: 5_00 },
        min_deposit_cents: { EUR: 10_00 },
        max_bet_cents: { EUR: 5_00 },
        wager_multiplier: 1,
        validity_days: 7,
      },
    });
    const email = uniqueEmail('bonus');
    await createPlayer(email);
    // A deposit bonus starts only for a confirmed address (docs/bonuses.md#confirmed-addresses-only).
    await confirmEmail(email);
    // A common laptop screen: the meter and the whole slot come up under the header when it opens.
    const page = await openPage({ viewport: { width: 1366, height: 768 } });
    await signedIn(page, email, '/deposit');
    const dialog = page.getByRole('dialog', { name: 'Deposit' });

    // The cashbox's deposit step: the bonus toggle, its dialog with every offer's rules, this one chosen.
    await dialog.getByRole('button', { name: 'Change' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose your bonus' });
    await choose.getByRole('radio', { name: /Story match/ }).check();
    await choose.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => choose.count()).toBe(0);
    await expect.poll(() => dialog.getByTestId('bonus-choice').textContent()).toBe('Story match');

    await expect.poll(() => dialog.getByLabel(/Deposit amount/).inputValue()).toBe('50');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => stepOf(dialog)).toBe('2');
    await dialog.getByRole('button', { name: /Visa/ }).click();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially('1230');
    await dialog.getByLabel('CVV').fill('123');
    const holder = dialog.getByLabel('Cardholder name');
    if (await holder.count()) await holder.fill('Erika Tester');
    await dialog.getByRole('button', { name: 'Deposit €50.00' }).click();
    await dialog.getByText('Deposit successful').waitFor({ timeout: 15_000 });
    // The bonus follows the deposit through the event log: 50.00 cash and 5.00 of bonus money.
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 20_000 }).toBe('€55.00');

    // The gifts page shows it being wagered.
    await visit(page, '/users/gifts');
    await page.getByText('€0.00 of €5.00 wagered').first().waitFor({ timeout: 15_000 });

    // In the game, the meter says what counts and the limit, and rises with every bet.
    await visit(page, SLOT.path);
    const meter = page.getByRole('group', { name: 'Bonus wagering' });
    await expect.poll(() => meter.textContent(), { timeout: 15_000 }).toContain('€0.00 of €5.00 wagered');
    expect(await meter.textContent()).toContain('this game counts 100');
    expect(await meter.textContent()).toContain('max bet €5.00');
    const slot = page.frameLocator(`iframe[title="${SLOT.title}"]`);
    await expect.poll(async () => (await slot.getByTestId('balance').textContent()) ?? '').toContain('€');
    // The meter and the slot's spin button are both in view as the game opens, without scrolling
    // (a click would scroll to the button by itself: the boxes are what the player sees).
    const meterBox = await meter.boundingBox();
    const spinBox = await slot.getByTestId('spin-button').boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(meterBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    expect(spinBox!.y + spinBox!.height).toBeLessThanOrEqual(768);
    await spin(slot);
    await expect.poll(() => meter.textContent(), { timeout: 15_000 }).toContain('€1.00 of €5.00 wagered');
    // The counter moves inside each bet (the meter hears of it a moment later): spin until the
    // bonus says 5.00 is wagered. A spin of the slot's own free-spin feature stakes nothing, so the
    // number of clicks is not known in advance.
    const wagered = async () => {
      const res = await page.request.get(new URL('/api/player/bonuses', baseUrl).toString(), {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      const list = (await res.json()) as { id: number; amount_wager_cents: number; stage: string }[];
      return list.find((b) => b.stage === 'handle_bets')?.amount_wager_cents ?? 5_00;
    };
    for (let i = 0; i < 20 && (await wagered()) < 5_00; i++) await spin(slot);

    // Bets of 1.00 met the requirement: the bonus converts whole (the stakes were cash) and the
    // player is told the money is theirs.
    await page.getByText('€5.00 is now yours to withdraw.').waitFor({ timeout: 20_000 });
    await expect.poll(() => meter.count(), { timeout: 15_000 }).toBe(0);
    await visit(page, '/users/gifts');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('€5.00 became cash.').waitFor({ timeout: 15_000 });

    // And withdraws: no bonus is being wagered, so nothing asks to cancel one.
    await visit(page, '/withdraw');
    const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    // Cards take withdrawals from 20.00.
    await withdraw.getByLabel(/Withdrawal amount/).fill('20');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await withdraw.getByRole('button', { name: /Visa/ }).click();
    await withdraw.getByRole('button', { name: 'Withdraw €20.00' }).click();
    await withdraw.getByText('Withdrawal requested').waitFor({ timeout: 15_000 });
  }, 180_000);

  it('a player cancels a bonus from the gifts page and only the bonus money goes', async () => {
    const gift = await campaign({
      kind: 'nondeposit',
      trigger: 'manual',
      titles: { en: 'Story gift' },
      terms: { amount_cents: { EUR: 15_00 }, wager_multiplier: 10, validity_days: 7 },
    });
    const email = uniqueEmail('bonus-cancel');
    const player = await createPlayer(email);
    await fundPlayer(email, 'EUR', 20_00);
    await admin('POST', `/api/admin/players/${player.id}/bonuses`, {
      campaign_id: gift.id,
      currency: 'EUR',
      key: `story-${randomUUID()}`,
    });
    const page = await openPage();
    await signedIn(page, email, '/users/gifts');

    // Available: the rules before it is taken; activating it adds the bonus money.
    await page.getByRole('tab', { name: 'Available' }).click();
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€35.00');

    // Cancelling shows what goes and what stays before anything happens.
    await page.getByRole('tab', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this bonus?' });
    await confirm
      .getByText('Cancelling removes €15.00 of bonus money, €0.00 of it winnings. Your €20.00 cash stays.')
      .waitFor({ timeout: 15_000 });
    await confirm.getByRole('button', { name: 'Cancel the bonus' }).click();
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€20.00');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('Cancelled').first().waitFor();
  }, 120_000);
});
