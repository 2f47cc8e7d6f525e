/**
 * In the browser, zod checks whether it may compile parsers by calling `new Function('')` inside a
 * try/catch. Our Content-Security-Policy has no `unsafe-eval` (decision 014), so the call is
 * refused and reported as a violation, though zod then parses without compiling anyway. Turning
 * `jitless` on skips the probe, so violation reports stay meaningful.
 *
 * zod 4 keeps its configuration in `globalThis.__zod_globalConfig` (shared by every copy on the
 * page), so this sets it without loading zod with the first page; it must run before any schema is
 * built, so root.tsx imports this module first. The server's zod (shared with the API in this
 * process) keeps compiling. If a zod upgrade moves the setting, the CSP browser story
 * (e2e/security-headers.test.ts) fails on the cashbox.
 */
if (typeof document !== 'undefined') {
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodGlobal.__zod_globalConfig ??= {}).jitless = true;
}

export {};
