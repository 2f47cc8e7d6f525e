import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  createPlayer,
  fundPlayer,
  hasBrowser,
  hydrationErrorsOf,
  launchBrowser,
  linkFromMail,
  newPlayerPage,
  PASSWORD,
  signInWith,
  uniqueEmail,
  usePlayerPages,
  visit,
} from './fixtures.ts';
import { startCasino, type OwnCasino } from './own-casino.ts';

/**
 * Responsible-gambling limits as a player meets them (docs/limits.md): a reached limit sends them
 * out of the game with a warning that stays, a raise waits 24 hours for the mailed confirmation,
 * and a self-exclusion started on another device throws them out of a running game and keeps them
 * from signing in. Test ids: `game-frame` (data-status), game clients' `spin-button`,
 * `round-result`, `tile-<n>`.
 */
const MINES = { path: '/play/croupier-originals/gem-mines', title: 'Gem Mines' };
const SLOT = { path: '/play/croupier-originals/wizard-of-avalon', title: 'Wizard of Avalon' };
const REACHED = 'You have reached a limit you set: bets are paused until it starts again. See your limits.';

const frameHost = (page: Page) => page.getByTestId('game-frame');

describe.skipIf(!hasBrowser)('a loss limit, from setting it to playing again after a confirmed raise', () => {
  let casino: OwnCasino;
  let browser: Browser;
  beforeAll(async () => {
    [casino, browser] = await Promise.all([startCasino(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await casino?.stop();
  });

  it('reached: out of the game with a warning; a raise cannot be confirmed for 24 h, then it can, and play goes on', async () => {
    const email = uniqueEmail('loss-limit');
    const { session } = await createPlayer(email, PASSWORD, casino.baseUrl);
    await fundPlayer(email, 'EUR', 10_000, casino.baseUrl);
    const { context, page } = await newPlayerPage(browser, { baseURL: casino.baseUrl });
    try {
      await context.addCookies([{ ...session, url: casino.baseUrl }]);

      // A weekly loss limit of 1.00.
      await visit(page, '/users/limits');
      const loss = page.getByRole('region', { name: 'Loss limit' });
      await loss.getByLabel('Period').selectOption('week');
      await loss.getByLabel('Amount (EUR)').fill('1');
      await loss.getByRole('button', { name: 'Set limit' }).click();
      await loss.getByText('Saved. The limit applies now.').waitFor();

      // A mines round holds its 1.00 stake until it ends: the limit is used up while it runs. The
      // page hears it (game_limits), leaves the game for the limits page, and the warning stays.
      await visit(page, MINES.path);
      await expect.poll(() => frameHost(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('loaded');
      const mines = page.frameLocator(`iframe[title="${MINES.title}"]`);
      await mines.getByTestId('spin-button').click();
      await page.waitForURL((url) => url.pathname === '/users/limits', { timeout: 15_000 });
      await page.getByText(REACHED).waitFor();
      await expect.poll(() => frameHost(page).count()).toBe(0);

      // A raise to 5.00 is parked, and the mailed link is refused for the first 24 hours.
      await loss.getByLabel('Period').selectOption('week');
      await loss.getByLabel('Amount (EUR)').fill('5');
      await loss.getByRole('button', { name: 'Change limit' }).click();
      await loss.getByText(/The higher amount is waiting/).waitFor();
      let link: URL | undefined;
      await expect
        .poll(
          async () => {
            const mail = (await casino.mails()).find((m) => m.to === email && /limit/i.test(m.subject));
            link = mail ? linkFromMail(mail) : undefined;
            return link?.pathname;
          },
          { timeout: 15_000 },
        )
        .toBe('/profile/limits/confirm');
      await visit(page, `${link!.pathname}${link!.search}`);
      await page.getByText(/For your protection, you can confirm this change only from/).waitFor();
      // Still reached: the game page sends the player back to the limits.
      await visit(page, SLOT.path);
      await page.waitForURL((url) => url.pathname === '/users/limits', { timeout: 15_000 });

      // A day later the same link confirms the raise, and the game opens and plays.
      await casino.advanceClock(25 * 3_600);
      await visit(page, `${link!.pathname}${link!.search}`);
      await page.getByText('Confirmed. Your new limit applies now.').waitFor();
      await visit(page, SLOT.path);
      await expect.poll(() => frameHost(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('loaded');
      const slot = page.frameLocator(`iframe[title="${SLOT.title}"]`);
      await slot.getByTestId('spin-button').click();
      await expect
        .poll(() => slot.getByTestId('round-result').getAttribute('class'), { timeout: 15_000 })
        .toMatch(/gc-result--(win|loss)/);
      expect(page.url()).toContain(SLOT.path);
      expect(hydrationErrorsOf(context)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe.skipIf(!hasBrowser)('self-exclusion from another device', () => {
  const openPage = usePlayerPages();

  it('throws the player out of a running game and keeps them from signing in', async () => {
    const email = uniqueEmail('self-excluded');
    const { session } = await createPlayer(email);
    await fundPlayer(email, 'EUR', 5_000);
    const page = await openPage();
    await page.context().addCookies([{ ...session, url: baseUrl }]);
    await visit(page, SLOT.path);
    await expect.poll(() => frameHost(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('loaded');

    // The phone: signs in and excludes the player for six months.
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const signIn = await fetch(new URL('/api/users/sign_in', baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify({ user: { email, password: PASSWORD } }),
    });
    expect(signIn.status).toBe(201);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const excluded = await fetch(new URL('/api/user_limits', baseUrl), {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ type: 'selfexclusion', period: 'month_6' }),
    });
    expect(excluded.status).toBe(201);

    // The laptop: told why, signed out, and the real-money game is gone.
    await page.getByText('You started a break, so you have been signed out on all your devices.').waitFor();
    await expect.poll(() => frameHost(page).count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().waitFor();

    // Signing in again is refused with the reason, its date written as the site writes dates.
    await visit(page, '/login');
    await signInWith(page, email, PASSWORD);
    await page
      .getByText(/Your account is self-excluded until [A-Z][a-z]{2} \d{1,2}, \d{4}\. To withdraw your balance/)
      .waitFor();
  }, 90_000);
});
