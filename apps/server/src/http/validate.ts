/**
 * The one way a route reads its input (docs/contract.md): a request part is parsed against its
 * schema from `packages/shared/src/api` before anything is read or written, and a failure becomes
 * the one error body `{ code, error, errors }` (http/errors.ts sends it).
 * - Wrong shape (unknown key, wrong type, missing key): 400 with full field paths (`user.email`).
 * - Only rule failures (blank, too long, not in the list, …): 422 with the messages under the bare
 *   field name, the SoftSwiss form shape (docs/api-shapes.md#error-bodies) — or, for calls that never had a
 *   form behind them (the lobby, the games host), 400 with full paths like a shape failure.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, unprocessable } from '../lib/errors.ts';

/** Issues that mean the request has the wrong shape, not that a field breaks a rule. */
const SHAPE_ISSUES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element']);

export interface ParseOptions {
  /** Error code of the answer; `validation_error` unless the call documents its own. */
  code?: string;
  /** `unprocessable` (default): rule failures are a 422 form answer; `bad_request`: every failure is a 400. */
  rules?: 'unprocessable' | 'bad_request';
}

/** Parses one request part (body, query, params, a header's value) or throws the error answer. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const code = options.code ?? 'validation_error';
  const issues = result.error.issues;
  if (options.rules === 'bad_request' || issues.some((issue) => SHAPE_ISSUES.has(issue.code))) {
    throw badRequest(code, 'The request is not valid.', shapeErrors(issues));
  }
  throw unprocessable(code, 'Some fields are not valid.', ruleErrors(issues));
}

export const parseBody = <S extends z.ZodType>(schema: S, request: FastifyRequest, options?: ParseOptions) =>
  parseInput(schema, request.body, options);
export const parseQuery = <S extends z.ZodType>(schema: S, request: FastifyRequest, options?: ParseOptions) =>
  parseInput(schema, request.query, options);
export const parseParams = <S extends z.ZodType>(schema: S, request: FastifyRequest, options?: ParseOptions) =>
  parseInput(schema, request.params, options);

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

/** `{ "user.email": [...] }`: full paths (docs/player-app.md#required-profile-data matches by full path, then by last segment). */
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
