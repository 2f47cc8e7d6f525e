import { describe, expect, it } from 'vitest';
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

/** Forgotten password (/remind and /new-password: docs/player-app.md#popup-routes, #tokens-from-the-query). */
describe.skipIf(!hasBrowser)('a player who forgot the password', () => {
  const openPage = usePlayerPages();

  it('asks for a reset link, sets a new password from the mail and signs in with it', async () => {
    const email = uniqueEmail('reset');
    const newPassword = 'amber compass 77 meadow';
    await createPlayer(email);
    const page = await openPage();

    // Sign in → "Forgot your password?" → the reminder form.
    await visit(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/remind');
    const remind = page.getByRole('dialog', { name: 'Reset your password' });
    await remind.getByLabel('Email').fill(email);
    await remind.getByRole('button', { name: 'Send link' }).click();
    await remind
      .getByRole('status')
      .filter({ hasText: `If an account exists for ${email}, a reset link is on its way.` })
      .waitFor();

    // The mail's link opens the new-password form.
    const link = linkFromMail(await waitForMail(email, /Reset your password/));
    expect(link.origin).toBe(new URL(baseUrl).origin);
    expect(link.searchParams.get('reset_password_token')).toBeTruthy();
    await page.goto(link.href);
    await page.waitForURL('**/new-password?reset_password_token=**');
    const form = page.getByRole('dialog', { name: 'Set a new password' });
    await form.getByLabel('Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Repeat password').fill(newPassword);
    await form.getByRole('button', { name: 'Save password' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: 'Your password has been changed. You can sign in now.' })
      .waitFor();
    await waitForMail(email, /Your password was changed/);

    // On another device: the old password no longer works, the new one does.
    const other = await openPage();
    await visit(other, '/sign-in');
    const signIn = other.getByRole('dialog', { name: 'Sign in' });
    await signInWith(signIn, email, PASSWORD);
    await signIn.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu: / })
      .waitFor();
    await other.waitForURL((url) => url.pathname === '/');
  });
});
