import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createPlayer, hasBrowser, PASSWORD, signInWith, uniqueEmail, usePlayerPages, visit } from './fixtures.ts';

/**
 * Two players, one browser tab (a shared or borrowed device): what the first one leaves in the
 * page's cache (saved cards, crypto addresses, the cash in the plan) is gone for the next one, with
 * no reload between them (docs/player-app.md#session: sign-out clears the player's data).
 */
const stepOf = (dialog: Locator) => dialog.getByRole('progressbar').getAttribute('aria-valuenow');
const header = (page: Page) => page.getByRole('banner');

/** The deposit popup from the header (a client-side navigation), on step 3 with the card method. */
async function depositByCard(page: Page): Promise<Locator> {
  await header(page).getByTestId('header-deposit').click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  await expect.poll(() => dialog.getByLabel(/Deposit amount/).inputValue()).toBe('50');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => stepOf(dialog)).toBe('2');
  await dialog.getByRole('tab', { name: 'All' }).click();
  await dialog.getByRole('button', { name: /Visa/ }).click();
  await expect.poll(() => stepOf(dialog)).toBe('3');
  return dialog;
}

describe.skipIf(!hasBrowser)('player privacy in the browser', () => {
  const openPage = usePlayerPages();

  it('player A saves a card and opens a crypto address, signs out; player B signs in in the same tab and sees none of it', async () => {
    const first = uniqueEmail('privacy-a');
    const second = uniqueEmail('privacy-b');
    await Promise.all([createPlayer(first), createPlayer(second)]);
    const page = await openPage();

    // Player A: a card deposit saves the card; the next deposit offers it.
    await visit(page, '/login');
    await signInWith(page, first, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    let dialog = await depositByCard(page);
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially('1230');
    await dialog.getByLabel('CVV').fill('123');
    const holder = dialog.getByLabel('Cardholder name');
    if (await holder.count()) await holder.fill('Erika Tester');
    await dialog.getByRole('button', { name: 'Deposit €50.00' }).click();
    await dialog.getByText('Deposit successful').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // A fresh page load, so the methods (and with them the saved card) are read anew.
    await visit(page, '/');
    dialog = await depositByCard(page);
    const savedCards = dialog.getByRole('group', { name: 'Saved details' });
    await expect.poll(() => savedCards.getByRole('radio', { name: /4242/ }).count()).toBe(1);

    // …and a Bitcoin address.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => stepOf(dialog)).toBe('2');
    await dialog.getByRole('tab', { name: 'Crypto' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose a coin' });
    await choose.getByRole('button', { name: /BTC/ }).click();
    await expect.poll(() => choose.count()).toBe(0);
    const address = (await dialog.getByTestId('crypto-address-BTC').textContent())?.trim() ?? '';
    expect(address).toMatch(/^tb1q/);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // A signs out from the account menu; B signs in through the header's popup. No reload.
    await header(page)
      .getByRole('button', { name: /^Account menu: / })
      .click();
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await header(page).getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInWith(page.getByRole('dialog', { name: 'Sign in' }), second, PASSWORD);
    await header(page)
      .getByRole('button', { name: /^Account menu: / })
      .waitFor();

    // B's card step offers no saved card, from the first frame on.
    dialog = await depositByCard(page);
    expect(await dialog.getByRole('group', { name: 'Saved details' }).count(), "A's saved card").toBe(0);
    expect(await dialog.getByText(/4242/).count(), "A's saved card").toBe(0);
    await dialog.getByLabel('Card number').waitFor();

    // B has no crypto address: the crypto tab asks for a coin, and A's address is nowhere.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => stepOf(dialog)).toBe('2');
    await dialog.getByRole('tab', { name: 'Crypto' }).click();
    await page.getByRole('dialog', { name: 'Choose a coin' }).waitFor();
    expect(await page.getByText(address).count()).toBe(0);
    expect(await page.getByTestId('crypto-address-BTC').count()).toBe(0);
  }, 90_000);
});
