import type { z } from 'zod';
import { badRequest, unprocessable } from '../../lib/errors.ts';

/** Issues that mean the request has the wrong shape, not that a field breaks a rule. */
const SHAPE_ISSUES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element']);

/**
 * Parses a request part against its shared schema, before anything is read or written.
 * - Wrong shape (unknown key, wrong type, missing key): 400 `validation_error` with full field
 *   paths, the same body the error handler gives a ZodError.
 * - Only rule failures (blank, too long, not in the list, …): 422 `validation_error` with the
 *   messages under the bare field name, the SoftSwiss form shape (docs/api-shapes.md#error-bodies).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (result.error.issues.some((issue) => SHAPE_ISSUES.has(issue.code))) {
    throw badRequest('validation_error', 'The request is not valid.', shapeErrors(result.error.issues));
  }
  throw unprocessable('validation_error', 'Some fields are not valid.', ruleErrors(result.error.issues));
}

/**
 * Field maps have no prototype: a client-chosen key such as `__proto__` is then an ordinary
 * entry instead of reaching Object.prototype.
 */
function fieldMap(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

function add(out: Record<string, string[]>, field: string, message: string) {
  const list = (out[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** `{ "user.email": [...] }`: full paths (docs/player-app.md#server-errors-to-fields matches by full path, then by last segment). */
export function shapeErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const out = fieldMap();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(out, [...issue.path, key].join('.'), 'is not permitted');
    } else {
      add(out, issue.path.length > 0 ? issue.path.join('.') : '_', issue.message);
    }
  }
  return out;
}

export function ruleErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const out = fieldMap();
  for (const issue of issues) add(out, String(issue.path.at(-1) ?? 'base'), issue.message);
  return out;
}

/** Merges field errors; the result is empty when there are none. */
export function mergeErrors(...sets: Array<Record<string, string[]>>): Record<string, string[]> {
  const out = fieldMap();
  for (const set of sets) {
    for (const [field, messages] of Object.entries(set)) for (const m of messages) add(out, field, m);
  }
  return out;
}
