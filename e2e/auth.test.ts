import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  createPlayer,
  hasBrowser,
  linkFromMail,
  PASSWORD,
  signInWith,
  uniqueEmail,
  visit,
  waitForMail,
  usePlayerPages,
} from './fixtures.ts';

/**
 * Affiliate tag that pins the 4-step registration form (variant A, docs/player-app.md#registration-variant): the variant comes from
 * the parity of the last hex digit of the affiliate id (the part before `_`), even → A. Affiliate
 * id `e2e0` ends in 0, so both the web form and the server record variant A whatever the default.
 */
const STAG_VARIANT_A = 'e2e0_visit';

/** Sign-up, e-mail confirmation, sign-out and sign-in (docs/player-app.md#session, #sign-up-steps). */
describe.skipIf(!hasBrowser)('a player signing up and signing in', () => {
  const guestPage = usePlayerPages();

  const accountMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account menu: / });
  const headerSignIn = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true });

  it('signs up in four steps, confirms the e-mail, signs out and signs in again', async () => {
    const page = await guestPage();
    const email = uniqueEmail('signup');
    const nickname = `lucky_${Date.now().toString(36).slice(-6)}`;

    await visit(page, `/sign-up?stag=${STAG_VARIANT_A}`);
    const form = page.getByRole('dialog', { name: 'Create your account' });
    const next = form.getByRole('button', { name: 'Next' });
    const stepLabel = (n: number) => form.getByText(`Step ${n} of 4`, { exact: true });

    // Step 1, account. Next with empty fields stays on this step and says what is missing.
    await stepLabel(1).waitFor();
    await next.click();
    await form.getByText('This field is required').first().waitFor();
    await stepLabel(1).waitFor();
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Nickname').fill(nickname);
    await next.click();

    // Step 2, currency.
    await stepLabel(2).waitFor();
    await form.getByRole('radio', { name: 'EUR' }).check();
    await next.click();

    // Step 3, personal details.
    await stepLabel(3).waitFor();
    await form.getByLabel('First name').fill('Erika');
    await form.getByLabel('Last name').fill('Mustermann');
    await form.getByLabel('Date of birth').fill('1990-05-17');
    await form.getByLabel('Gender').selectOption({ label: 'Female' });
    await form.getByLabel('Mobile phone').fill('+49 170 1234567');
    await next.click();

    // Step 4, address, then the account is created.
    await stepLabel(4).waitFor();
    await form.getByLabel('Country').selectOption({ label: 'Germany' });
    await form.getByLabel('City').fill('Berlin');
    await form.getByLabel('Postal code').fill('10117');
    await form.getByLabel('Address').fill('Unter den Linden 1');
    await form.getByLabel('I am over 18 and accept the terms and conditions').check();
    await form.getByRole('button', { name: 'Create account' }).click();

    // Signed in on the home page: the header shows the player's menu and balance.
    await page.waitForURL((url) => url.pathname === '/');
    await accountMenu(page).waitFor();
    expect(await accountMenu(page).getAttribute('aria-label')).toBe(`Account menu: ${nickname}`);
    await page.getByRole('region', { name: 'Notifications' }).getByText('Welcome to Croupier!').waitFor();
    const balance = page.getByRole('banner').getByRole('paragraph').filter({ hasText: 'Balance:' });
    await expect.poll(() => balance.textContent()).toMatch(/Balance:\s*€0\.00/);
    expect(await headerSignIn(page).count()).toBe(0);

    // The confirmation mail reached the SMTP server; its link confirms the address.
    const mail = await waitForMail(email, /Confirm your e-mail address/);
    const link = linkFromMail(mail);
    expect(link.origin).toBe(new URL(baseUrl).origin);
    expect(link.pathname).toBe('/users/confirmation');
    await page.goto(link.href);
    await page.waitForURL('**/confirmation?confirmation_token=**');
    await page
      .getByRole('dialog', { name: 'Email confirmation' })
      .getByRole('status')
      .filter({ hasText: 'Your email is confirmed. Welcome!' })
      .waitFor();
    const player = await page.request.get('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(((await player.json()) as { confirmed_at: string | null }).confirmed_at).not.toBeNull();
    // A reload of the same link says the address is confirmed, not that the link is invalid.
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Email confirmation' })
      .getByRole('status')
      .filter({ hasText: 'Your email is confirmed. Welcome!' })
      .waitFor();

    // Sign out from the account menu.
    await visit(page, '/');
    await accountMenu(page).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await headerSignIn(page).waitFor();
    await page.getByRole('region', { name: 'Notifications' }).getByText('You have signed out').waitFor();
    expect(await accountMenu(page).count()).toBe(0);
    const afterSignOut = await page.request.get('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(afterSignOut.status(), 'the session ended on the server too').toBe(401);

    // Sign in again with the password.
    await headerSignIn(page).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signInWith(signIn, email, PASSWORD);
    await accountMenu(page).waitFor();
    expect(await accountMenu(page).getAttribute('aria-label')).toBe(`Account menu: ${nickname}`);
  });

  it('refuses a wrong password with a message and stays signed out', async () => {
    const email = uniqueEmail('wrongpass');
    await createPlayer(email);
    const page = await guestPage();

    await visit(page, '/sign-in');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await signInWith(dialog, email, `${PASSWORD} but wrong`);
    await dialog.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await accountMenu(page).count()).toBe(0);

    // The right password still works from the same form.
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await accountMenu(page).waitFor();
  });

  it('opens the sign-in modal from #sign-in on any page and clears the hash after about a second', async () => {
    const page = await guestPage();
    // Records when the app removes the hash from the address bar (it does so with replaceState).
    await page.addInitScript(() => {
      const w = window as unknown as { hashGoneAt: number | null };
      w.hashGoneAt = null;
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        const hadHash = location.hash !== '';
        replace(...args);
        if (hadHash && location.hash === '') w.hashGoneAt = performance.now();
      };
    });
    const hashGoneAt = () => page.evaluate(() => (window as unknown as { hashGoneAt: number | null }).hashGoneAt);

    // Arriving with the hash: the page underneath stays, the modal opens on top, the hash goes.
    await page.goto('/producers#sign-in');
    await page.getByRole('heading', { level: 1, name: 'Game providers' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').waitFor();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
    expect(new URL(page.url()).pathname).toBe('/producers');

    // Within the visit (a link to #sign-in): the hash lives about one second, not less.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => {
      (window as unknown as { hashGoneAt: number | null }).hashGoneAt = null;
    });
    const setAt = await page.evaluate(() => {
      const now = performance.now();
      location.hash = 'sign-in';
      return now;
    });
    await dialog.getByLabel('Email').waitFor();
    await expect.poll(hashGoneAt, { timeout: 10_000 }).not.toBeNull();
    const lived = (await hashGoneAt())! - setAt;
    expect(lived).toBeGreaterThanOrEqual(950);
    expect(lived).toBeLessThan(4_000);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await dialog.getByLabel('Email').waitFor();
  });
});
