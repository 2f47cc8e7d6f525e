import { describe, expect, it } from 'vitest';
import { hasBrowser, usePlayerPages, visit } from './fixtures.ts';

/**
 * The embedded demo pays through the sandbox provider: every page must say "test money", in the
 * page's language, so nobody takes the site for one with real money (decision 012).
 */
describe.skipIf(!hasBrowser)('the sandbox ribbon', () => {
  const openPage = usePlayerPages();

  it('is on the lobby, a category page and the German lobby', async () => {
    const page = await openPage();
    await visit(page, '/');
    await expect.poll(() => page.getByTestId('sandbox-ribbon').textContent()).toContain('Sandbox — test money');
    await visit(page, '/pokies/all');
    expect(await page.getByTestId('sandbox-ribbon').isVisible()).toBe(true);
    await visit(page, '/de/');
    await expect.poll(() => page.getByTestId('sandbox-ribbon').textContent()).toContain('Testgeld');
  });
});
