import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  baseUrl,
  createPlayer,
  fundPlayer,
  hasBrowser,
  PASSWORD,
  uniqueEmail,
  usePlayerPages,
  visit,
} from './fixtures.ts';

/**
 * Step-up (docs/reliability.md#a8-step-up, decision 015) in the browser: the server answers `reauth_required`, the
 * web asks "Confirm it's you" in a dialog, posts the step-up and makes the same call again.
 * A withdrawal to an e-wallet the player never used asks for the password (cancel changes nothing
 * and gives the focus back); turning two-factor on asks for the password first; with two-factor
 * on, changing the password asks for the password and the authenticator code, and succeeds.
 */
/** RFC 6238 (SHA-1, 6 digits, 30 s), written out here: the authenticator app of these stories. */
function totp(base32: string, epochSeconds: number): string {
  let bits = '';
  for (const char of base32) bits += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(epochSeconds / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The recovery codes just shown are readable at the page's width: every number sits inside its own
 * item (an outside marker overlapped the previous column's code), no code is broken over two lines,
 * and no two items overlap.
 */
async function expectReadableCodes(page: Page) {
  const layout = await page.getByTestId('recovery-codes').evaluate((list) =>
    [...list.querySelectorAll('li')].map((li) => {
      const item = li.getBoundingClientRect();
      const code = li.querySelector('code')!;
      const box = code.getBoundingClientRect();
      return {
        item: { left: item.left, right: item.right, top: item.top, bottom: item.bottom },
        numberInside: box.left - item.left,
        codeInside: box.right <= item.right + 0.5,
        lines: code.getClientRects().length,
      };
    }),
  );
  expect(layout).toHaveLength(10);
  for (const [i, entry] of layout.entries()) {
    expect(entry.numberInside, `code ${i + 1}: its number is inside the item`).toBeGreaterThan(8);
    expect(entry.codeInside, `code ${i + 1}: inside the item`).toBe(true);
    expect(entry.lines, `code ${i + 1}: on one line`).toBe(1);
    for (const other of layout.slice(i + 1)) {
      const apart =
        entry.item.right <= other.item.left + 0.5 ||
        other.item.right <= entry.item.left + 0.5 ||
        entry.item.bottom <= other.item.top + 0.5 ||
        other.item.bottom <= entry.item.top + 0.5;
      expect(apart, `code ${i + 1} overlaps another`).toBe(true);
    }
  }
}

/**
 * A player signed up through the API whose session the browser then carries. A password sign-in
 * counts as a step-up for a few minutes (decision 015) and the stories cannot move the server's
 * clock, so the browser uses the sign-up's session, which has proven nothing yet.
 */
async function signedUpIn(page: Page, email: string, path: string) {
  const { session } = await createPlayer(email);
  await page.context().addCookies([{ ...session, url: baseUrl }]);
  await visit(page, path);
}

/**
 * Turns two-factor on through the API from a session of its own: a password sign-in (a step-up for
 * a few minutes), the set-up, and a first code. Returns the secret.
 */
async function turnOnTwoFactorElsewhere(email: string): Promise<string> {
  const headers = {
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const signIn = await fetch(new URL('/api/users/sign_in', baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  expect(signIn.status).toBe(201);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const setup = (await (
    await fetch(new URL('/api/v2/player/two_factor', baseUrl), { headers: { ...headers, cookie } })
  ).json()) as {
    otp_secret: string;
  };
  const on = await fetch(new URL('/api/v2/player/two_factor', baseUrl), {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      two_factor: {
        otp_secret: setup.otp_secret,
        authentication_code: totp(setup.otp_secret, Math.floor(Date.now() / 1000)),
      },
    }),
  });
  expect(on.status).toBe(200);
  return setup.otp_secret;
}

describe.skipIf(!hasBrowser)('confirm it’s you', () => {
  const openPage = usePlayerPages();

  it('a withdrawal to a new e-wallet asks for the password; cancel changes nothing, confirming sends it', async () => {
    const email = uniqueEmail('stepup-pay');
    const page = await openPage();
    await signedUpIn(page, email, '/');
    await fundPlayer(email, 'EUR', 10_000);
    await visit(page, '/withdraw');
    const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    await withdraw.getByText('Available to withdraw: €100.00').waitFor();
    await withdraw.getByLabel(/Withdrawal amount/).fill('30');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await withdraw.getByRole('button', { name: /Sandpay/ }).click();
    await withdraw.getByLabel('E-mail').fill('brand-new-wallet@example.com');
    const submit = withdraw.getByRole('button', { name: 'Withdraw €30.00' });
    await submit.click();

    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.waitFor();
    await expect
      .poll(() => confirm.getByLabel('Password', { exact: true }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await confirm.getByLabel('Authenticator code').count()).toBe(0);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => submit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await withdraw.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('banner').locator('.balance__amount').textContent()).toBe('€100.00');

    await submit.click();
    await confirm.waitFor();
    await confirm.getByLabel('Password', { exact: true }).fill('not my password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('The password is not correct').waitFor();
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await withdraw.getByText('Withdrawal requested').waitFor();
    expect(await confirm.count()).toBe(0);
  });

  it('turning two-factor on asks for the password first, then shows the recovery codes', async () => {
    const email = uniqueEmail('stepup-2fa-on');
    const page = await openPage();
    await signedUpIn(page, email, '/users/security');
    const security = page.getByRole('region', { name: 'Sign-in and security' });

    // Two-factor on from the security page: the key shown is added to the "app" (totp above).
    await security.getByRole('button', { name: 'Turn on' }).click();
    const secret = ((await security.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    await security.getByLabel('6-digit code').fill(totp(secret, Math.floor(Date.now() / 1000)));
    await security.getByRole('button', { name: 'Turn on' }).click();

    // A session that proved nothing (a stolen one) cannot turn it on: the password is asked first.
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.waitFor();
    expect(await confirm.getByLabel('Authenticator code').count()).toBe(0);
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await security.getByText('On: signing in also asks for a code from your authenticator app.').waitFor();
    expect(await confirm.count()).toBe(0);
    // The recovery codes shown once, readable on a desktop and on a phone.
    await expectReadableCodes(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectReadableCodes(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('with two-factor on, changing the password asks for the password and the code, and the new password works', async () => {
    const email = uniqueEmail('stepup-2fa');
    const page = await openPage();
    await signedUpIn(page, email, '/users/security');
    // Two-factor goes on from another session (a password sign-in, then the set-up), so this
    // browser's session has proven nothing yet.
    const secret = await turnOnTwoFactorElsewhere(email);
    await visit(page, '/users/security');
    const security = page.getByRole('region', { name: 'Sign-in and security' });
    await security.getByText('On: signing in also asks for a code from your authenticator app.').waitFor();

    const form = security.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('a fresh long passphrase');
    await form.getByLabel('Repeat the new password').fill('a fresh long passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.waitFor();
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // The code that turned two-factor on is used up; the next 30 s step's code is accepted already.
    await confirm.getByLabel('Authenticator code').fill(totp(secret, Math.floor(Date.now() / 1000) + 30));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your password has been changed. Other devices were signed out.').waitFor();
    expect(await confirm.count()).toBe(0);

    // The new password is the one that passes the password step now (the code step follows).
    const signIn = await api<{ code: string }>('POST', '/api/users/sign_in', {
      user: { email, password: 'a fresh long passphrase' },
    });
    expect(signIn.json.code).toBe('two_factor_required');
    const old = await api<{ code: string }>('POST', '/api/users/sign_in', { user: { email, password: PASSWORD } });
    expect(old.json.code).toBe('invalid_credentials');
  });
});
