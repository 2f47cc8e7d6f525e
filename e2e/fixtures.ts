import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = inject('baseUrl');
export const hasBrowser = baseUrl !== '';

/** Chromium flags for this sandbox: no network chatter, no GPU (notes/stack-probe.md gotcha 8). */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: ARGS });
}

export async function newPlayerPage(browser: Browser, options: { viewport?: { width: number; height: number }; extraHTTPHeaders?: Record<string, string> } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? { width: 1280, height: 800 }, ...(options.extraHTTPHeaders ? { extraHTTPHeaders: options.extraHTTPHeaders } : {}) });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits for a mail to `to` whose subject matches, as received by the loopback SMTP server. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(inject('mailboxUrl'))).json()) as ReceivedMail[];
    const mail = mails.reverse().find((m) => m.to.includes(to) && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** A unique email per run so stories never collide. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.floor(performance.now() * 1000).toString(36)}@example.test`;
}
