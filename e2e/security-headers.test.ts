import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  createPlayer,
  hasBrowser,
  PASSWORD,
  signInWith,
  uniqueEmail,
  usePlayerPages,
  visit,
  waitForHydration,
} from './fixtures.ts';

/**
 * The Content-Security-Policy (decision 014) lets the real pages work: the lobby, a category, a game
 * page with its game client in the frame, the German home and the cashbox with the on-ramp widget
 * in its frame hydrate and run with not one violation, in any frame. First the story checks that a
 * violation would be seen: an inline script without the nonce is refused and reported.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Every `securitypolicyviolation` of every frame, as console errors the story collects. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const line = `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${location.pathname}`;
      window.__cspViolations!.push(line);
      console.error(line);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/i.test(text)) seen.push(text);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  return seen;
}

describe.skipIf(!hasBrowser)('Content-Security-Policy in the browser', () => {
  const openPage = usePlayerPages();

  it('the lobby, a category, a game with its frame and the German home run without a violation', async () => {
    const page = await openPage();
    const seen = await watchViolations(page);

    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    await waitForHydration(page);
    // The listener works: a script without the nonce is refused and reported.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).toContain('script-src');
    seen.length = 0;

    for (const path of ['/', '/pokies/all', '/de/']) {
      await visit(page, path);
      await page.locator('main').first().waitFor();
    }
    await visit(page, '/play/croupier-originals/wizard-of-avalon');
    await expect.poll(() => page.getByTestId('game-frame').getAttribute('data-status')).toBe('loaded');
    const client = page.frameLocator('iframe[title="Wizard of Avalon"]');
    await client.getByTestId('spin-button').waitFor();
    // The game client is a document of its own, with its own nonce: hydrated, it answers clicks.
    await client.getByTestId('demo-badge').waitFor();
    expect(seen).toEqual([]);
    for (const frame of page.frames()) expect(await frame.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
  });

  it('the cashbox and the on-ramp widget in its frame run without a violation', async () => {
    const email = uniqueEmail('csp');
    await createPlayer(email);
    const page = await openPage();
    const seen = await watchViolations(page);
    await visit(page, `/login?${new URLSearchParams({ redirect: '/deposit' })}`);
    await signInWith(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/deposit');
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Method logos load (img-src 'self').
    const logo = dialog.getByRole('tabpanel').getByRole('button').first().locator('img');
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // A crypto address, then the card-to-crypto widget in its frame (frame-src 'self').
    await dialog.getByRole('tab', { name: 'Crypto' }).click();
    await page.getByRole('dialog', { name: 'Choose a coin' }).getByRole('button', { name: /BTC/ }).click();
    await dialog.getByTestId('crypto-address-BTC').waitFor();
    await dialog.getByRole('button', { name: 'Buy with card' }).click();
    const widget = page.frameLocator('iframe[title="Buy BTC with a card"]');
    await widget.getByTestId('onramp-buy').waitFor();

    expect(seen).toEqual([]);
    for (const frame of page.frames()) expect(await frame.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
    const onramp = page.frames().find((f) => new URL(f.url()).pathname === '/sandbox-onramp');
    expect(
      onramp,
      `frames: ${page
        .frames()
        .map((f) => f.url())
        .join(', ')} (base ${baseUrl})`,
    ).toBeDefined();
  });
});
