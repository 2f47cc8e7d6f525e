import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, visit, usePlayerPages } from './fixtures.ts';

/** Languages (docs/player-app.md#locales) and the phone layout. */
describe.skipIf(!hasBrowser)('languages and small screens', () => {
  const openPage = usePlayerPages();

  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

  it('shows the German site under /de', async () => {
    const page = await openPage();
    await visit(page, '/de');
    expect(await htmlLang(page)).toBe('de');
    await page.getByRole('heading', { level: 1, name: 'Ihr Tisch ist bereit' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const label of ['Start', 'Slots', 'Anbieter', 'Favoriten']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toMatch(/^\/de(\/|$)/);
    }
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Anmelden', exact: true }).waitFor();
    await header.getByRole('link', { name: 'Registrieren', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sprache: de' }).count()).toBe(1);
    // Nothing of the English interface is left over.
    expect(await page.getByText('Your table is ready').count()).toBe(0);

    // A deeper German page, reached by a German link.
    await page.getByRole('link', { name: 'Alle Anbieter' }).click();
    await page.waitForURL('**/de/producers');
    await page.getByRole('heading', { level: 1, name: 'Spieleanbieter' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
  });

  it('switches the language with the switcher and stays on the same page', async () => {
    const page = await openPage();
    await visit(page, '/search?q=gold');
    await page.getByRole('heading', { level: 1, name: 'Search games' }).waitFor();

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Language: en' }).click();
    await header.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL('**/de/search?q=gold');
    await page.getByRole('heading', { level: 1, name: 'Spiele suchen' }).waitFor();
    await expect.poll(() => htmlLang(page)).toBe('de');
    expect(await page.getByRole('searchbox').inputValue()).toBe('gold');

    // And back: the default language has no prefix.
    await header.getByRole('button', { name: 'Sprache: de' }).click();
    await header.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'gold');
    await page.getByRole('heading', { level: 1, name: 'Search games' }).waitFor();
    await expect.poll(() => htmlLang(page)).toBe('en');
  });

  it('fits the home page on a 360 px phone without sideways scrolling', async () => {
    const page = await openPage({ viewport: { width: 360, height: 740 } });
    await visit(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Your table is ready' }).waitFor();
    await page.getByRole('region', { name: 'New games' }).getByRole('link', { name: / by / }).first().waitFor();
    await page.getByRole('heading', { name: 'Providers' }).waitFor();
    // Images and fonts can widen a page after the first paint, so measure once everything is in.
    await page.waitForLoadState('load');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The main navigation is still reachable on a phone.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pokies' }).waitFor();
  });
});
