/**
 * Small readers for the model JSON (`view`, `rules`). The shapes are documented in packages/games;
 * reading through these keeps a client from crashing on a field it does not know, and keeps the
 * `unknown` → typed step in one place per engine.
 */
export type Json = Record<string, unknown>;

export function obj(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

export function bool(value: unknown): boolean {
  return value === true;
}
