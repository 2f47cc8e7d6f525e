import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, createPlayer, hasBrowser, uniqueEmail, usePlayerPages, visit } from './fixtures.ts';

/**
 * The web shell around every page: popup routes over the page they were opened from, closed the
 * same way whatever closes them, and the 404 page inside the site layout (docs/player-app.md#routes).
 */
type CloseBy = 'Escape' | 'the × button' | 'the overlay';

/** A client-side navigation, as a link in the app makes it (React Router's own router). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(path);
  }, to);
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function close(page: Page, dialog: Locator, by: CloseBy) {
  // The dialog is live (hydrated, its focus moved in) before the player acts on it.
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  if (by === 'Escape') await page.keyboard.press('Escape');
  else if (by === 'the × button') await dialog.getByRole('button', { name: 'Close' }).click();
  // The overlay around the dialog (its top-left corner is never the dialog).
  else await page.mouse.click(4, 4);
  await expect.poll(() => dialog.count()).toBe(0);
}

describe.skipIf(!hasBrowser)('popup routes and the site layout', () => {
  const openPage = usePlayerPages();

  // The six auth popup routes of docs/player-app.md#popup-routes, each with how a player reaches it from a page.
  const POPUPS: { path: string; title: string; open: 'header' | 'from sign-in' | 'in-app link' }[] = [
    { path: '/sign-in', title: 'Sign in', open: 'header' },
    { path: '/sign-up', title: 'Create your account', open: 'header' },
    { path: '/remind', title: 'Reset your password', open: 'from sign-in' },
    { path: '/new-password', title: 'Set a new password', open: 'in-app link' },
    { path: '/email-verify', title: 'Confirm your email', open: 'in-app link' },
    { path: '/confirmation', title: 'Email confirmation', open: 'in-app link' },
  ];

  it('each auth popup opens over the page, and Escape, × and the overlay close it on that page with the focus back on its opener', async () => {
    const page = await openPage();
    // The tab's first entry is not the site: closing must never go back that far.
    await visit(page, '/pokies/all');
    const heading = page.getByRole('heading', { level: 1, name: 'Pokies' });
    const header = page.getByRole('banner');
    for (const popup of POPUPS) {
      for (const by of ['Escape', 'the × button', 'the overlay'] as const) {
        const label = `${popup.path} closed with ${by}`;
        let opener: Locator;
        if (popup.open === 'in-app link') {
          opener = header.getByRole('link', { name: 'Search games' });
          await opener.focus();
          await navigateInApp(page, popup.path);
        } else {
          const name = popup.path === '/sign-up' ? 'Sign up' : 'Sign in';
          opener = header.getByRole('link', { name, exact: true });
          await opener.click();
          if (popup.open === 'from sign-in')
            await page
              .getByRole('dialog', { name: 'Sign in' })
              .getByRole('link', { name: 'Forgot your password?' })
              .click();
        }
        const dialog = page.getByRole('dialog', { name: popup.title });
        await dialog.waitFor();
        expect(new URL(page.url()).pathname, label).toBe(popup.path);
        // The page stays behind the modal, not an empty backdrop.
        expect(await heading.isVisible(), label).toBe(true);
        expect(await page.locator('.popup-backdrop').isVisible(), label).toBe(false);

        await close(page, dialog, by);
        await expect.poll(() => new URL(page.url()).pathname, { message: label }).toBe('/pokies/all');
        expect(await heading.isVisible(), label).toBe(true);
        await expect.poll(() => isFocused(opener), { message: label }).toBe(true);
      }
    }
  }, 120_000);

  // The cashbox popup routes a signed-in player opens from a page, each by its real opener: the
  // header's Deposit button (on every page) and the Withdraw link of the payment history.
  const CASHBOX_POPUPS: {
    path: string;
    title: string;
    from: string;
    heading: string;
    opener: (page: Page) => Locator;
  }[] = [
    {
      path: '/deposit',
      title: 'Deposit',
      from: '/pokies/all',
      heading: 'Pokies',
      opener: (page) => page.getByRole('banner').getByRole('link', { name: 'Deposit', exact: true }),
    },
    {
      path: '/withdraw',
      title: 'Withdraw',
      from: '/users/payments',
      heading: 'Payment history',
      opener: (page) => page.getByRole('main').getByRole('link', { name: 'Withdraw', exact: true }),
    },
  ];

  it('each cashbox popup opens over the page, and Escape, × and the overlay close it on that page with the focus back on its opener', async () => {
    const page = await openPage();
    // A signed-in player: the sign-up's session in the browser.
    const { session } = await createPlayer(uniqueEmail('shell-cashbox'));
    await page.context().addCookies([{ ...session, url: baseUrl }]);
    for (const popup of CASHBOX_POPUPS) {
      // The tab's first entry is not the site: closing must never go back that far.
      await visit(page, popup.from);
      const heading = page.getByRole('heading', { level: 1, name: popup.heading });
      const opener = popup.opener(page);
      for (const by of ['Escape', 'the × button', 'the overlay'] as const) {
        const label = `${popup.path} from ${popup.from} closed with ${by}`;
        await opener.click();
        const dialog = page.getByRole('dialog', { name: popup.title });
        await dialog.waitFor();
        expect(new URL(page.url()).pathname, label).toBe(popup.path);
        // The page stays behind the modal, not an empty backdrop.
        expect(await heading.isVisible(), label).toBe(true);
        expect(await page.locator('.popup-backdrop').isVisible(), label).toBe(false);

        await close(page, dialog, by);
        await expect.poll(() => new URL(page.url()).pathname, { message: label }).toBe(popup.from);
        expect(await heading.isVisible(), label).toBe(true);
        await expect.poll(() => isFocused(opener), { message: label }).toBe(true);
      }
    }
  }, 120_000);

  // What the page behind a modal looks like, read from computed styles: the lobby's category chips
  // are a row of pills (not a bulleted list) and a game card is one column of the grid, not the page.
  // The home page has no chips (null); its cards still count.
  async function pageStyles(page: Page) {
    return page.evaluate(() => {
      const chips = document.querySelector('#main .category-tabs__list');
      const card = document.querySelector('#main .game-card');
      const main = document.querySelector('#main');
      return {
        chips: chips ? `${getComputedStyle(chips).display} ${getComputedStyle(chips).listStyleType}` : null,
        cardFraction: card && main ? Math.round((card.getBoundingClientRect().width / main.clientWidth) * 100) : null,
      };
    });
  }

  it("the page behind any popup keeps its styles (the popup route keeps the page route's stylesheets)", async () => {
    const page = await openPage({ viewport: { width: 1366, height: 768 } });
    const { session } = await createPlayer(uniqueEmail('shell-styles'));
    const cases: { from: string; popup: string; title: string; signedIn: boolean }[] = [
      { from: '/pokies/all', popup: '/sign-in', title: 'Sign in', signedIn: false },
      { from: '/pokies/all', popup: '/sign-up', title: 'Create your account', signedIn: false },
      { from: '/', popup: '/sign-in', title: 'Sign in', signedIn: false },
      { from: '/', popup: '/sign-up', title: 'Create your account', signedIn: false },
      { from: '/pokies/all', popup: '/deposit', title: 'Deposit', signedIn: true },
      { from: '/', popup: '/deposit', title: 'Deposit', signedIn: true },
    ];
    for (const c of cases) {
      const label = `${c.popup} over ${c.from}`;
      if (c.signedIn) await page.context().addCookies([{ ...session, url: baseUrl }]);
      await visit(page, c.from);
      await page.locator('#main .game-card').first().waitFor();
      const before = await pageStyles(page);
      // Styled at first: pills in a row, a card a fraction of the column.
      if (c.from !== '/') expect(before.chips, label).toBe('flex none');
      expect(before.cardFraction, label).toBeLessThan(50);
      await navigateInApp(page, c.popup);
      await page.getByRole('dialog', { name: c.title }).waitFor();
      expect(await pageStyles(page), label).toEqual(before);
    }
  }, 120_000);

  it('a popup opened as the first page of the visit closes to the home page, still on the site', async () => {
    const page = await openPage();
    for (const by of ['Escape', 'the × button', 'the overlay'] as const) {
      await visit(page, '/sign-in');
      const dialog = page.getByRole('dialog', { name: 'Sign in' });
      await close(page, dialog, by);
      await expect.poll(() => page.url(), { message: by }).toBe(new URL('/', page.url()).href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
  });

  it('the 404 page has the header, the navigation and the footer, with a 404 status', async () => {
    const page = await openPage();
    for (const path of ['/no-such-page', '/xx/such/page', '/de/no-such-page', '/pokies/no-such-category']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole('banner').waitFor();
      expect(await page.getByRole('navigation', { name: /Main|Haupt/ }).count(), path).toBe(1);
      expect(await page.getByRole('contentinfo').count(), path).toBe(1);
      expect(await page.title(), path).toMatch(/not found|nicht gefunden/i);
      expect(await page.getByRole('heading', { level: 1 }).first().textContent(), path).toMatch(
        /not found|nicht gefunden/i,
      );
    }
  });
});
