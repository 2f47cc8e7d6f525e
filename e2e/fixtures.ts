import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
} from 'playwright-core';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';

export const baseUrl = inject('baseUrl');
export const hasBrowser = baseUrl !== '';

/** Chromium flags for this sandbox: no network chatter, no GPU (Playwright adds --headless itself; never pass --user-data-dir here). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: ARGS });
}

/**
 * React's hydration failures: minified in production (#418 text or markup, #419/#421/#422 a
 * Suspense boundary rendered on the client instead, #423 the root re-rendered, #425 text content)
 * and spelled out in development. Any of them fails the story that met it (usePlayerPages).
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|421|422|423|425)\b|Hydration failed|hydration mismatch|didn't match the client/i;
const hydrationErrors = new WeakMap<BrowserContext, string[]>();
const watched = new WeakSet<Page>();

/** Records the hydration errors `page` logs or throws, with its context's (`hydrationErrorsOf`). */
export function watchHydration(page: Page): void {
  if (watched.has(page)) return;
  watched.add(page);
  const context = page.context();
  if (!hydrationErrors.has(context)) hydrationErrors.set(context, []);
  const errors = hydrationErrors.get(context)!;
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text()))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(`${error.message}\n${error.stack ?? ''}`)) errors.push(`${page.url()}: ${error.message}`);
  });
}

/** Hydration errors met so far by any window of `context` (closed ones too). */
export function hydrationErrorsOf(context: BrowserContext): string[] {
  return hydrationErrors.get(context) ?? [];
}

export async function newPlayerPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    extraHTTPHeaders?: Record<string, string>;
    /** Another casino than the shared one (a story that starts its own, `startCasino`). */
    baseURL?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.extraHTTPHeaders ? { extraHTTPHeaders: options.extraHTTPHeaders } : {}),
  });
  // Every window of the context, bank pages opened by the cashbox too.
  context.on('page', watchHydration);
  const page = await context.newPage();
  watchHydration(page);
  page.setDefaultTimeout(15_000);
  return { context, page };
}

type PageOptions = Parameters<typeof newPlayerPage>[1];

/**
 * One browser per test file and a fresh context per page, closed after each test. Call inside a
 * `describe`; returns `openPage(options)`.
 */
export function usePlayerPages(): (options?: PageOptions) => Promise<Page> {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const closing = contexts.splice(0);
    const errors = closing.flatMap(hydrationErrorsOf);
    await Promise.all(closing.map((c) => c.close()));
    // The server render and the browser's first render must agree on every page a story opened.
    if (errors.length) throw new Error(`hydration errors:\n${errors.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (options = {}) => {
    if (!browser) throw new Error('usePlayerPages: the browser is not launched yet');
    const { context, page } = await newPlayerPage(browser, options);
    contexts.push(context);
    return page;
  };
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

/** A password that passes the server's length and breached-password rules. */
export const PASSWORD = 'velvet ladder 42 orbit';

/**
 * Resolves once React has hydrated the server HTML (the header carries React's props), so clicks
 * on buttons reach their handlers. Links work before that too, but forms and buttons do not.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector('header');
    return Boolean(header && Object.keys(header).some((key) => key.startsWith('__reactProps$')));
  });
}

/** Opens `path` and waits until the page is interactive. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** The first http(s) link in a mail's text part. */
export function linkFromMail(mail: { text: string }): URL {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in mail:\n${mail.text}`);
  return new URL(link);
}

/** Calls the casino's API the way its web app does (ajax-marking header, JSON). */
export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  base = baseUrl,
): Promise<{ status: number; json: T; headers: Headers }> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** A session cookie as the server set it, ready for `page.context().addCookies` with a `url`. */
export interface SessionCookie {
  name: string;
  value: string;
}

/**
 * Registers a player through POST /api/users (a fresh, signed-out browser is unaffected).
 * `session` is the sign-up's own session: a story that puts it in a browser is that player without
 * a password sign-in, which would count as a step-up (decision 015).
 */
export async function createPlayer(
  email: string,
  password = PASSWORD,
  base = baseUrl,
): Promise<{ id: number; email: string; session: SessionCookie }> {
  const { status, json, headers } = await api<{ id: number; email: string }>(
    'POST',
    '/api/users',
    {
      user: {
        email,
        password,
        password_confirmation: password,
        currency: 'EUR',
        nickname: `e2e_${randomUUID().slice(0, 8)}`,
        first_name: 'Erika',
        last_name: 'Tester',
        gender: 'f',
        date_of_birth: '1990-05-17',
        mobile_phone: '+49 170 1234567',
        country: 'DE',
        city: 'Berlin',
        address: 'Unter den Linden 1',
        postal_code: '10117',
        receive_promos: false,
        terms_acceptance: true,
      },
    },
    base,
  );
  if (status !== 201) throw new Error(`sign-up via the API failed: ${status} ${JSON.stringify(json)}`);
  // `__Host-croupier_session` over https, `croupier_session` on plain http.
  const session = headers
    .getSetCookie()
    .map((c) => /^([^=]+)=([^;]*)/.exec(c))
    .find((m) => m?.[1]?.endsWith('croupier_session'));
  if (!session) throw new Error('sign-up set no session cookie');
  return { ...json, session: { name: session[1]!, value: session[2]! } };
}

/**
 * Confirms a player's address from the link mailed at sign-up, as the player would by clicking it:
 * deposit bonuses and codes wait for a confirmed address (docs/bonuses.md#confirmed-addresses-only).
 */
export async function confirmEmail(email: string, base = baseUrl): Promise<void> {
  const link = linkFromMail(await waitForMail(email, /Confirm your e-mail address/));
  const token = link.searchParams.get('confirmation_token');
  if (!token) throw new Error(`no confirmation_token in ${link.href}`);
  const { status, json } = await api(
    'GET',
    `/api/users/confirmation?${new URLSearchParams({ confirmation_token: token })}`,
    undefined,
    base,
  );
  if (status !== 200) throw new Error(`confirming ${email} failed: ${status} ${JSON.stringify(json)}`);
}

/**
 * Fills and sends a sign-in form inside `scope` (the sign-in dialog or the /login page). It waits for
 * the form's own button first: after a client-side navigation the URL changes before the new page
 * renders (React Router renders in a transition), and the page being left — registration has Email
 * and Password fields too — would otherwise take the typing.
 */
export async function signInWith(scope: Page | Locator, email: string, password: string): Promise<void> {
  await scope.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Funds a player the way an operator would: a ledger credit from the payment-clearing account
 * through the admin API (never a balance write). Returns the wallet after the credit.
 */
export async function fundPlayer(
  email: string,
  currency: string,
  amountCents: number,
  base = baseUrl,
): Promise<{ amount_cents: number; version: number }> {
  const res = await fetch(new URL('/api/admin/wallet/credits', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    body: JSON.stringify({
      email,
      currency,
      amount_cents: amountCents,
      idempotency_key: `e2e-${randomUUID()}`,
      reason: 'e2e story funding',
    }),
  });
  const json = (await res.json()) as { account: { amount_cents: number; version: number } | null };
  if (res.status !== 201 || !json.account) throw new Error(`funding failed: ${res.status} ${JSON.stringify(json)}`);
  return json.account;
}

/**
 * Waits until the Rocket game takes bets with at least `margin` seconds left of its betting window,
 * so the bet a story places next cannot meet the window closing (a late poll used to click with a
 * second to go and the bet was refused). A window with less time left is let go for the next one.
 * Stories that call it need a test timeout above 250 s.
 */
export async function waitForRocketBetting(rocket: FrameLocator, margin = 3): Promise<void> {
  const phase = rocket.getByTestId('crash-phase');
  await expect
    .poll(
      async () =>
        (await phase.getAttribute('data-phase')) === 'betting' &&
        Number((await phase.getAttribute('data-seconds-left')) || 0) >= margin,
      // A round in flight can last minutes (the multiplier grows ~6 % a second up to 1,000,000×,
      // about 230 s); waiting for the next window must outlast the longest flight.
      { timeout: 250_000, interval: 100 },
    )
    .toBe(true);
}
