/**
 * Contract checks for server tests (docs/contract.md). `expectContract(schema, body)` fails when an
 * answer is not exactly what the shared schema says: response schemas are strict where the shape is
 * fixed, so a missing, renamed or extra field fails here before a client notices. `expectRouteContract`
 * finds the schema from the route list (packages/shared/src/api/routes.ts) by method, route and status.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RealtimeHub } from '../src/realtime/hub.ts';
import { z } from 'zod';
import { ApiErrorBodySchema } from '@croupier/shared/api/auth';
import { REALTIME_CHANNELS } from '@croupier/shared/api/realtime-channels';
import { GLOBAL_ERRORS, ROUTES, type RouteContract } from '@croupier/shared/api/routes';

/** Returns the parsed body, typed, so the test can go on reading it. */
export function expectContract<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const shown = JSON.stringify(body, null, 2) ?? String(body);
  throw new Error(
    `The answer breaks its contract:\n${z.prettifyError(result.error)}\n\nBody:\n${shown.length > 4000 ? `${shown.slice(0, 4000)}…` : shown}`,
  );
}

/** The contract of a route, named as Fastify lists it (`/api/player/payments/:id/recall`) or as OpenAPI does. */
export function contractOf(method: string, route: string): RouteContract | undefined {
  const path = route.replace(/:(\w+)/g, '{$1}');
  return ROUTES.find((r) => r.method === method && r.path === path);
}

/**
 * Checks an answer against its route's contract: the schema of its status, an empty body for a
 * status without one, or the one error body with a code the route (or every route) lists.
 */
export function expectRouteContract(method: string, route: string, res: LightMyRequestResponse): unknown {
  const contract = contractOf(method, route);
  if (!contract) throw new Error(`No contract for ${method} ${route}: add it to packages/shared/src/api/routes.ts`);
  const schema = contract.responses[res.statusCode];
  if (schema === null) {
    if (res.body !== '') throw new Error(`${method} ${route} ${res.statusCode} must have no body: ${res.body}`);
    return undefined;
  }
  if (schema) return expectContract(schema, res.json());
  if (res.statusCode >= 400) {
    const body = expectContract(ApiErrorBodySchema, res.json());
    const listed = [...(contract.errors?.[res.statusCode] ?? []), ...(GLOBAL_ERRORS[res.statusCode] ?? [])];
    if (!listed.includes(body.code))
      throw new Error(`${method} ${route} answered ${res.statusCode} ${body.code}, a code its contract does not list`);
    return body;
  }
  throw new Error(`${method} ${route} answered ${res.statusCode}, a status its contract does not list`);
}

/** `METHOD /path` of every route the app serves, from Fastify's own route tree. */
export function routesOf(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || (path === '*' && method !== 'GET')) continue;
      out.push(`${method} ${path === '*' ? '/games-api/*' : path}`);
    }
  }
  return out;
}

/**
 * Holds every realtime publication of a test app to its channel's payload schema. Publishers run
 * after commit and swallow their own errors, so a breach is recorded here and reported by `check`
 * (the test app calls it when it closes) instead of thrown where nobody would see it.
 */
export function watchRealtimeContract(hub: Pick<RealtimeHub, 'onPublish'>) {
  const breaches: string[] = [];
  hub.onPublish(({ channel, data }) => {
    const contract = (REALTIME_CHANNELS as Record<string, { payload: z.ZodType } | undefined>)[channel];
    if (!contract) return void breaches.push(`${channel}: a channel without a contract`);
    const result = contract.payload.safeParse(data);
    if (!result.success) breaches.push(`${channel}: ${z.prettifyError(result.error)}\n${JSON.stringify(data)}`);
  });
  return {
    check() {
      if (breaches.length > 0) throw new Error(`Realtime payloads break their contract:\n${breaches.join('\n\n')}`);
    },
  };
}
