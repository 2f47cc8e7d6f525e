import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser } from './fixtures.ts';

/** Crawlers and slow phones see the page before any script runs: the head must be complete in the HTML. */
describe.skipIf(!hasBrowser)('server-rendered HTML', () => {
  async function head(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(new URL(path, baseUrl), { headers });
    const html = await res.text();
    const firstScript = html.indexOf('<script');
    return { res, html, before: firstScript === -1 ? html : html.slice(0, firstScript) };
  }

  it('carries title, description and hreflang alternates before any script', async () => {
    const { res, before } = await head('/');
    expect(res.status).toBe(200);
    expect(before).toMatch(/<title>[^<]+<\/title>/);
    expect(before).toMatch(/<meta name="description" content="[^"]+"/);
    for (const locale of ['de', 'en-AU', 'ja', 'pt-BR']) {
      expect(before).toContain(`hrefLang="${locale}"`);
    }
    expect(before).toContain('hrefLang="x-default"');
  });

  it('serves German under /de with lang="de"', async () => {
    const { res, html } = await head('/de');
    expect(res.status).toBe(200);
    expect(html).toMatch(/<html[^>]* lang="de"/);
  });

  it('marks paths deeper than 3 segments noindex', async () => {
    const { before } = await head('/de/producers/croupier-originals/2');
    expect(before).toMatch(/<meta name="robots" content="noindex/);
  });

  it('answers unknown pages with a 404 page', async () => {
    const { res } = await head('/this/page/does-not-exist');
    expect(res.status).toBe(404);
  });
});
