import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  baseUrl,
  createPlayer,
  hasBrowser,
  PASSWORD,
  signInWith,
  uniqueEmail,
  usePlayerPages,
  visit,
  type SessionCookie,
} from './fixtures.ts';

/**
 * The cashbox (docs/player-app.md#cashbox-flow, #deposit-and-withdrawal-steps): a new player deposits with the sandbox
 * cards (success, decline, 3-D Secure in a bank window), withdraws to the saved card, recalls it
 * from the history, withdraws again and sees it paid; a crypto deposit confirms block by block.
 */
const headerBalance = (page: Page) => page.getByRole('banner').locator('.balance__amount');
const stepOf = (dialog: Locator) => dialog.getByRole('progressbar').getAttribute('aria-valuenow');

async function signedIn(page: Page, email: string, path: string) {
  await visit(page, `/login?${new URLSearchParams({ redirect: path })}`);
  await signInWith(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * These stories are about the cashbox alone: the new player turns bonuses off, or the seeded welcome
 * offer would add its bonus to the first deposit (docs/bonuses.md#kinds-the-demo-seeds). Whether
 * the offer was already set or not, nothing is issued after this.
 */
async function withoutBonuses({ session }: { session: SessionCookie }) {
  const res = await fetch(new URL('/api/player/update_bonus_settings', baseUrl), {
    method: 'PATCH',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      cookie: `${session.name}=${session.value}`,
    },
    body: JSON.stringify({ can_issue: false }),
  });
  expect(res.status).toBe(200);
}

/** Steps 1 and 2 with the default amount and the card method; leaves the dialog on step 3. */
async function toCardDetails(dialog: Locator) {
  await expect.poll(() => dialog.getByLabel(/Deposit amount/).inputValue()).toBe('50');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => stepOf(dialog)).toBe('2');
  await dialog.getByRole('button', { name: /Visa/ }).click();
  await expect.poll(() => stepOf(dialog)).toBe('3');
}

async function fillCard(dialog: Locator, number: string) {
  const newCard = dialog.getByLabel('Use a new card');
  if (await newCard.count()) await newCard.check();
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially('1230');
  await dialog.getByLabel('CVV').fill('123');
  const holder = dialog.getByLabel('Cardholder name');
  if (await holder.count()) await holder.fill('Erika Tester');
}

describe.skipIf(!hasBrowser)('cashbox', () => {
  const openPage = usePlayerPages();

  it('a new player deposits by card and through 3-D Secure, withdraws, recalls, withdraws again and sees it paid; the history shows it all', async () => {
    const email = uniqueEmail('cashbox');
    await withoutBonuses(await createPlayer(email));
    const page = await openPage();
    await signedIn(page, email, '/deposit');
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await expect.poll(() => headerBalance(page).textContent()).toBe('€0.00');

    // A test card that succeeds: the plan says so first, the header balance rises without a reload.
    await toCardDetails(dialog);
    await expect
      .poll(() => dialog.getByRole('list', { name: 'What happens next' }).textContent())
      .toContain('Your bank may ask you to confirm the payment.');
    await fillCard(dialog, '4242 4242 4242 4242');
    expect(await dialog.getByLabel('Expiry date (MM/YY)').inputValue()).toBe('12/30');
    await dialog.getByRole('button', { name: 'Deposit €50.00' }).click();
    await dialog.getByText('Deposit successful').waitFor({ timeout: 15_000 });
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€50.00');

    // A declined card: the issuer's text in the inline error, the form stays usable.
    await visit(page, '/deposit');
    await toCardDetails(dialog);
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Deposit €50.00' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('declined');
    expect(await dialog.getByRole('button', { name: 'Deposit €50.00' }).isEnabled()).toBe(true);

    // 3-D Secure: the bank page opens in a new window; the modal waits and then succeeds.
    await fillCard(dialog, '4000 0000 0000 3220');
    const [bank] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Deposit €50.00' }).click(),
    ]);
    await dialog.getByText('Waiting for your bank…').waitFor();
    await bank.getByTestId('challenge-approve').click();
    await dialog.getByText('Deposit successful').waitFor({ timeout: 20_000 });
    // The bank's window closes once the payment is settled; the result is in the cashbox.
    await expect.poll(() => bank.isClosed(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€100.00');

    // Opened as the entry page, the cashbox went home first: closing lands on the lobby.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => dialog.count()).toBe(0);

    // Withdraw 30 to the card deposited with: reserved at once, recallable from the history.
    await visit(page, '/withdraw');
    const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    await withdraw.getByText('Available to withdraw: €100.00').waitFor();
    await withdraw.getByLabel(/Withdrawal amount/).fill('30');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await withdraw.getByRole('button', { name: /Visa/ }).click();
    expect(await withdraw.getByRole('radio').first().isChecked()).toBe(true);
    await withdraw.getByText('Until then you can cancel it in your payment history.').waitFor();
    await withdraw.getByRole('button', { name: 'Withdraw €30.00' }).click();
    await withdraw.getByText('Withdrawal requested').waitFor();
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€70.00');

    await visit(page, '/users/payments');
    const payouts = page.getByRole('region', { name: 'Withdrawals' });
    await payouts.getByRole('button', { name: 'Cancel the withdrawal of €30.00' }).click();
    await payouts.getByText('Cancelled by you').waitFor();
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€100.00');

    // Withdraws again and, once the recall window is over, sees the payout paid without a reload.
    await visit(page, '/withdraw');
    await withdraw.getByLabel(/Withdrawal amount/).fill('20');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await withdraw.getByRole('button', { name: /Visa/ }).click();
    await withdraw.getByRole('button', { name: 'Withdraw €20.00' }).click();
    await withdraw.getByText('Withdrawal requested').waitFor();
    await visit(page, '/users/payments');
    await expect
      .poll(() => payouts.locator('li', { hasText: '€20.00' }).first().textContent(), { timeout: 40_000 })
      .toContain('Succeeded');
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 15_000 }).toBe('€80.00');

    // The history holds all of it: two deposits in, one declined, one payout cancelled, one paid.
    const deposits = page.getByRole('region', { name: 'Deposits' });
    await expect.poll(() => deposits.locator('li', { hasText: 'Succeeded' }).count()).toBe(2);
    expect(await deposits.locator('li', { hasText: 'Declined' }).count()).toBe(1);
    expect(await payouts.locator('li', { hasText: 'Cancelled by you' }).count()).toBe(1);
    expect(await payouts.locator('li', { hasText: 'Succeeded' }).count()).toBe(1);
    // Net deposits (G7): 100 in, 20 paid out.
    const totals = page.getByRole('region', { name: 'Your totals' });
    await expect.poll(() => totals.getByRole('row', { name: /EUR/ }).textContent()).toBe('EUR€100.00€20.00€80.00');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/payments-history-card.png`, fullPage: true });
  }, 150_000);

  it('a player opens a Bitcoin address, coins sent to it confirm block by block and are credited', async () => {
    const email = uniqueEmail('crypto');
    await withoutBonuses(await createPlayer(email));
    const page = await openPage();
    await signedIn(page, email, '/deposit');
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => stepOf(dialog)).toBe('2');

    // No address yet: the crypto tab opens the coin choice; choosing BTC opens a BTC wallet and its address.
    await dialog.getByRole('tab', { name: 'Crypto' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose a coin' });
    await choose.getByRole('button', { name: /BTC/ }).click();
    await expect.poll(() => choose.count()).toBe(0);
    const address = (await dialog.getByTestId('crypto-address-BTC').textContent())?.trim() ?? '';
    expect(address).toMatch(/^tb1q/);

    // Someone sends 0.025 BTC to it (the sandbox faucet stands in for the sender's wallet).
    // The chain controls need a signed-in player: the page's own cookies go along.
    const chain = (path: string, data: unknown = {}) =>
      page.request.post(path, { headers: { 'x-requested-with': 'XMLHttpRequest' }, data });
    const sent = await chain('/sandbox-chain/send', { address, amount_cents: 2_500_000 });
    expect(sent.status()).toBe(201);
    const incoming = dialog.getByRole('region', { name: /Incoming/ });
    await incoming.getByText('0 of 3 confirmations').waitFor();
    await chain('/sandbox-chain/mine');
    await incoming.getByText('1 of 3 confirmations').waitFor();
    await chain('/sandbox-chain/mine');
    await chain('/sandbox-chain/mine');
    await incoming.getByText(/Credited/).waitFor();
    // The coins went to the BTC wallet; the player still plays in euros.
    expect(await headerBalance(page).textContent()).toBe('€0.00');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/cashbox-crypto-credited.png` });

    await visit(page, '/users/payments');
    const deposits = page.getByRole('region', { name: 'Deposits' });
    await expect.poll(() => deposits.locator('li', { hasText: 'BTC' }).first().textContent()).toContain('Succeeded');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/payments-history.png`, fullPage: true });
    await visit(page, '/users');
    const btcRow = page.getByRole('row', { name: /BTC/ });
    await expect.poll(() => btcRow.textContent()).toContain('25,000 μBTC');
    // The player switches to the coin wallet to play with it: the header follows without a reload.
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/wallets.png`, fullPage: true });
    await btcRow.getByRole('button', { name: 'Play with BTC' }).click();
    await expect.poll(() => headerBalance(page).textContent()).toBe('25,000 μBTC');
    await expect
      .poll(() => page.getByRole('row', { name: /EUR/ }).getByRole('button', { name: 'Play with EUR' }).count())
      .toBe(1);
  });

  it('fits a 360 px phone: the dashboard leads to the steps, methods two per row, keyboard only', async () => {
    const email = uniqueEmail('phone');
    await createPlayer(email);
    const page = await openPage({ viewport: { width: 360, height: 740 } });
    await signedIn(page, email, '/cashbox');
    const dialog = page.getByRole('dialog', { name: 'Cashbox' });
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await dialog.getByLabel(/Deposit amount/).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => stepOf(dialog)).toBe('2');
    const methods = dialog.getByRole('tabpanel').getByRole('button');
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => methods.nth(i).boundingBox()));
    expect(first!.y).toBe(second!.y);
    expect(third!.y).toBeGreaterThan(first!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The method logos are served (docs/player-app.md#data-objects: from provider and brand) and fit the phone's grid.
    await expect
      .poll(() =>
        methods
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await methods.first().locator('img').getAttribute('src')).toBe('/images/payments/sandbox-visa.svg');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/cashbox-methods-360.png` });

    // Tabs by arrow keys; reaching the crypto tab by keyboard shows its note, no dialog.
    await dialog.getByRole('tab', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('You have no crypto deposit address yet. Choose a coin to get one.').waitFor();
    await page.keyboard.press('ArrowLeft');
    await methods.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => stepOf(dialog)).toBe('3');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Withdraw' }).waitFor();
  });
});
