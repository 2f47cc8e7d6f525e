/**
 * What the api server hands the web app's loaders during server-side rendering (the React Router
 * load context). `fetch` reaches the api in-process with the visitor's forwarded headers (cookie,
 * request id, user agent, IP, country), so server-rendered data has exactly the API's shapes.
 */
export interface SsrContext {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  requestId: string;
  /** Visitor country (ISO code) from the geo header, or null. */
  country: string | null;
  /** True for crawlers: no chat, no analytics, full render before streaming (docs/player-app.md#locales). */
  isBot: boolean;
  /** Public origin, for canonical and hreflang links. */
  publicUrl: string;
  /** This response's Content-Security-Policy nonce: every inline script of the document carries it. */
  nonce: string;
}
