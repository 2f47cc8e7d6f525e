import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createPlayer,
  hasBrowser,
  PASSWORD,
  signInWith,
  uniqueEmail,
  visit,
  waitForHydration,
  usePlayerPages,
} from './fixtures.ts';

/** Route guards and redirects (docs/player-app.md#navigation-rules, #redirects), seen from the browser. */
describe.skipIf(!hasBrowser)('route guards', () => {
  const openPage = usePlayerPages();

  const pathWithQuery = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };
  const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

  it('sends a guest from the profile to registration and back there after signing in', async () => {
    const email = uniqueEmail('guard');
    await createPlayer(email);
    const page = await openPage();

    // Opening the page directly (server-side guard): the redirect holds the full path with query.
    await page.goto('/users?tab=security');
    await page.waitForURL('**/registration?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users?tab=security');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByRole('main').getByText('Step 1 of', { exact: false }).waitFor();
    await waitForHydration(page);

    // "Already have an account?" keeps the redirect; signing in lands back on the profile.
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users?tab=security');
    await signInWith(page.getByRole('main'), email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/users');
    expect(pathWithQuery(page)).toBe('/users?tab=security');
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    await page.getByRole('main').getByText(email).first().waitFor();
  });

  it('applies the same rule on a link inside the app', async () => {
    const page = await openPage();
    await visit(page, '/producers');
    // The footer's "My profile" link is a client-side navigation (the browser half of the guard).
    await page.getByRole('contentinfo').getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL('**/registration?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  });

  it('sends a signed-in player away from the guest-only login page to main', async () => {
    const email = uniqueEmail('guestonly');
    await createPlayer(email);
    const page = await openPage();
    const signIn = await page.request.post('/api/users/sign_in', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { user: { email, password: PASSWORD } },
    });
    expect(signIn.status()).toBe(201);

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu: / })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);

    // The same from a link inside the app: the (guest-only) password reminder sends them to main.
    await visit(page, '/producers');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Reset your password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('dialog', { name: 'Reset your password' }).count()).toBe(0);
  });

  it('redirects the old reset-password address to the new-password popup with its query', async () => {
    const page = await openPage();
    await page.goto('/users/password/edit?reset_password_token=x&utm_source=mail');
    await page.waitForURL('**/new-password?**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/new-password');
    expect(url.searchParams.get('reset_password_token')).toBe('x');
    expect(url.searchParams.get('utm_source')).toBe('mail');
    const dialog = page.getByRole('dialog', { name: 'Set a new password' });
    await dialog.getByLabel('Repeat password').waitFor();
  });

  it('warns a guest in a restricted country that registration is not available', async () => {
    const page = await openPage({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } });

    // Arriving on /sign-up: sent to main with the warning, and no registration form.
    await page.goto('/sign-up');
    await page.waitForURL((url) => url.pathname === '/');
    await toasts(page).getByText('Registration restricted in your country').waitFor();
    expect(await page.getByRole('dialog', { name: 'Create your account' }).count()).toBe(0);
    await page.waitForURL((url) => !url.searchParams.has('restricted'));

    // From a page inside the app: the warning again, and the navigation is cancelled.
    await visit(page, '/producers');
    await page.getByRole('banner').getByRole('link', { name: 'Sign up', exact: true }).click();
    await toasts(page).getByText('Registration restricted in your country').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Game providers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/producers');
    expect(await page.getByRole('dialog', { name: 'Create your account' }).count()).toBe(0);
  });
});
