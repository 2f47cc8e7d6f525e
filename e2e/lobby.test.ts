import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, hasBrowser, visit, usePlayerPages } from './fixtures.ts';

/** What the lobby lists, straight from the API, so the stories do not hard-code the catalogue. */
interface ApiGame {
  title: string;
  provider: string;
  has_demo_mode: boolean;
}
interface ApiProvider {
  id: string;
  title: string;
  games_count: number;
}
interface ApiCollection {
  id: string;
  title: string;
  games_count: number;
  section: string | null;
}

const PAGE_SIZE = 40;

/** A guest browses the lobby (docs/player-app.md#lobby-routes, #paged-lists, #paging). */
describe.skipIf(!hasBrowser)('a guest browsing the lobby', () => {
  let providers: ApiProvider[];
  let collections: ApiCollection[];
  const guestPage = usePlayerPages();

  beforeAll(async () => {
    providers = (await api<ApiProvider[]>('GET', '/api/games/providers')).json;
    collections = (await api<ApiCollection[]>('GET', '/api/games/collections?l=en')).json;
  });

  /** Game cards are links named "<title> by <provider>". */
  const cards = (scope: Page | Locator) => scope.getByRole('link', { name: / by / });
  /** The game list of a lobby page: the list in main that holds game cards. */
  const grid = (page: Page) =>
    page
      .getByRole('main')
      .getByRole('list')
      .filter({ has: page.getByRole('article') })
      .first();
  /** Titles of the cards in `scope` (each card's artwork is labelled with the game's title). */
  const titles = (scope: Locator) =>
    cards(scope)
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));

  it('sees category rows full of game cards on the home page', async () => {
    const page = await guestPage();
    await visit(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Your table is ready' }).waitFor();

    const rowTitles = ['New games', 'Top games', 'Recommended', 'Jackpot games', 'Live casino'];
    for (const title of rowTitles) {
      const row = page.getByRole('region', { name: title, exact: true });
      await row.getByRole('heading', { level: 2, name: title }).waitFor();
      await cards(row).first().waitFor();
      expect(await cards(row).count(), `cards in the "${title}" row`).toBeGreaterThan(1);
      expect(await row.getByRole('link', { name: `See all: ${title}` }).count()).toBe(1);
    }
  });

  it('opens all pokies and narrows them down with a category tab', async () => {
    const page = await guestPage();
    const pokies = collections.find((c) => c.id === 'pokies')!;
    const tab = collections.find((c) => c.section === 'pokies' && c.id !== 'pokies')!;
    expect(pokies.games_count).toBeGreaterThan(PAGE_SIZE);

    await visit(page, '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pokies' }).click();
    await page.waitForURL('**/pokies/all');
    await page.getByRole('heading', { level: 1, name: pokies.title }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Pokies: categories' });
    expect(await tabs.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current')).toBe('page');
    await page
      .getByRole('status')
      .filter({ hasText: `Showing ${PAGE_SIZE} of ${pokies.games_count} games` })
      .waitFor();

    await tabs.getByRole('link', { name: tab.title, exact: true }).click();
    await page.waitForURL(`**/pokies/${tab.id}`);
    await page.getByRole('heading', { level: 1, name: tab.title }).waitFor();
    expect(await tabs.getByRole('link', { name: tab.title, exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current')).toBeNull();
    await page
      .getByRole('status')
      .filter({ hasText: `of ${tab.games_count} games` })
      .waitFor();

    // Exactly the games of that category, as the API lists them.
    const expected = (
      await api<{ data: ApiGame[] }>('POST', '/api/games_filter', {
        device: 'desktop',
        filter: { categories: { identifiers: [tab.id] } },
        page: 1,
        page_size: PAGE_SIZE,
      })
    ).json.data.map((g) => g.title);
    await expect.poll(() => cards(grid(page)).count()).toBe(expected.length);
    const shown = await titles(grid(page));
    expect(shown.sort()).toEqual([...expected].sort());
  });

  it('filters by provider from the providers page', async () => {
    const page = await guestPage();
    // A provider with fewer games than a page, so every one of its games is on screen.
    const provider = providers
      .filter((p) => p.games_count > 1 && p.games_count <= PAGE_SIZE)
      .sort((a, b) => b.games_count - a.games_count)[0]!;

    await visit(page, '/producers');
    await page.getByRole('heading', { level: 1, name: 'Game providers' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${provider.title} ${provider.games_count} games$`) })
      .click();
    await page.waitForURL(`**/producers/${provider.id}`);
    await page.getByRole('heading', { level: 1, name: provider.title }).waitFor();

    const list = page.getByRole('list', { name: `Games by ${provider.title}` });
    await expect.poll(() => cards(list).count()).toBe(provider.games_count);
    const names = await cards(list).evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''));
    expect(
      names.filter((n) => !n.endsWith(` by ${provider.title}`)),
      'games of other providers',
    ).toEqual([]);
  });

  it('searches by a fragment of a title and keeps the query in the URL', async () => {
    const page = await guestPage();
    // A word from a real title, typed in lower case: search is case-insensitive.
    const { data } = (
      await api<{ data: ApiGame[] }>('POST', '/api/games_filter', { device: 'desktop', page: 1, page_size: 10 })
    ).json;
    const word = data
      .flatMap((g) => g.title.split(/\s+/))
      .find((w) => /^[A-Za-z]{5,}$/.test(w))!
      .toLowerCase();
    const fragment = word.slice(0, 4);

    await visit(page, '/');
    await page.getByRole('link', { name: 'Search games' }).first().click();
    await page.waitForURL('**/search');
    const box = page.getByRole('searchbox', { name: 'Search games' });
    await box.fill(fragment);
    await page.waitForURL((url) => url.searchParams.get('q') === fragment);

    const results = page.getByRole('list', { name: `Results for “${fragment}”` });
    await cards(results).first().waitFor();
    const found = await titles(results);
    expect(found.length).toBeGreaterThan(0);
    for (const title of found) expect(title.toLowerCase()).toContain(fragment);

    // The query survives a reload: the URL is the search.
    await page.reload();
    await cards(page.getByRole('list', { name: `Results for “${fragment}”` }))
      .first()
      .waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search games' }).inputValue()).toBe(fragment);
  });

  it('loads more games while scrolling, one page at a time, and stops at the end', async () => {
    const page = await guestPage();
    const total = collections.find((c) => c.id === 'pokies')!.games_count;
    const requestedPages: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/games_filter') && request.method() === 'POST') {
        requestedPages.push((request.postDataJSON() as { page: number }).page);
      }
    });

    await visit(page, '/pokies/all');
    const list = cards(grid(page));
    await expect.poll(() => list.count()).toBe(PAGE_SIZE);

    // Scroll (no clicks): each time the end of the list comes near, the next page is appended.
    let count = PAGE_SIZE;
    await page.mouse.move(640, 400);
    for (let round = 0; round < 20 && count < total; round++) {
      await page.mouse.wheel(0, 20_000);
      await expect.poll(() => list.count(), { timeout: 15_000 }).toBeGreaterThan(count);
      count = await list.count();
    }
    expect(count).toBe(total);
    await page
      .getByRole('status')
      .filter({ hasText: `Showing ${total} of ${total} games` })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Load more games' }).count()).toBe(0);

    // At the end, more scrolling asks for nothing more.
    const requestsAtEnd = requestedPages.length;
    await page.mouse.wheel(0, 20_000);
    await page.mouse.wheel(0, -2_000);
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    expect(await list.count()).toBe(total);
    expect(requestedPages.length).toBe(requestsAtEnd);
    // Every page after the first (server-rendered) was asked for exactly once, in order.
    const pages = Math.ceil(total / PAGE_SIZE);
    expect(requestedPages).toEqual(Array.from({ length: pages - 1 }, (_, i) => i + 2));
  });

  it('opens a game page and the game starts in demo mode for a guest', async () => {
    const page = await guestPage();
    const { data } = (
      await api<{ data: ApiGame[] }>('POST', '/api/games_filter', {
        device: 'desktop',
        filter: { categories: { identifiers: ['pokies'] } },
        page: 1,
        page_size: PAGE_SIZE,
      })
    ).json;
    const game = data.find((g) => g.has_demo_mode)!;
    const providerTitle = providers.find((p) => p.id === game.provider)!.title;

    await visit(page, '/pokies/all');
    await page.getByRole('link', { name: `${game.title} by ${providerTitle}` }).click();
    await page.waitForURL(`**/play/${game.provider}/**`);
    await page.getByRole('heading', { level: 1, name: game.title }).waitFor();
    // The demo (FUN) id is launched in the game frame; playing it is the play.test.ts story.
    await expect.poll(() => page.getByTestId('game-frame').getAttribute('data-status')).toBe('loaded');
    expect(await page.locator('iframe').first().getAttribute('src')).toMatch(/^\/games\/[a-z0-9-]+\/\d+$/);
  });

  it('is sent to sign-in when marking a favourite as a guest', async () => {
    const page = await guestPage();
    await visit(page, '/pokies/all');
    const first = grid(page).getByRole('article').first();
    const [title] = await titles(first);

    await first.getByRole('button', { name: `Favourite: ${title}` }).click();
    await page.waitForURL('**/sign-in?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/pokies/all');
    await page.getByRole('dialog', { name: 'Sign in' }).getByLabel('Email').waitFor();
  });
});
