/**
 * A short name for a browser's user agent ("Firefox on Windows"), for the sessions list. Only the
 * common families are told apart; anything else shows as unknown rather than as a guess.
 */
export interface AgentSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function summariseUserAgent(agent: string): AgentSummary {
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser, os };
}
