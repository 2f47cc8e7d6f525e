/**
 * The OpenAPI 3.1 document of the contract, generated from the route list (`routes.ts`) and the
 * realtime channels (`realtime-channels.ts`) with zod's own JSON Schema output, so the document can
 * never say something the schemas do not (docs/contract.md, decision 021). Served at `/api/docs`.
 */
import { z } from 'zod';
import { ApiErrorBodySchema } from './auth.ts';
import { REALTIME_CHANNELS } from './realtime-channels.ts';
import { GLOBAL_ERRORS, ROUTES, type RouteContract } from './routes.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Requests are described as the client sends them (`input`: before defaults and transforms), answers
 * as the server sends them. Refinements (`text()`'s control-character rule) have no JSON Schema
 * form and are left out rather than refused.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  304: 'Not modified (ETag)',
  400: 'The request is malformed',
  401: 'Not signed in, or not allowed',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'A field breaks a rule, or the action is refused',
  429: 'Too many attempts (Retry-After)',
  451: 'Unavailable in the visitor’s country',
  502: 'The wallet did not answer',
  503: 'Unavailable for now',
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function parameters(route: RouteContract): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = jsonSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  };
  add('path', route.params);
  add('query', route.query);
  // A path parameter the route names but no schema describes is still a parameter of the path.
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    if (!out.some((p) => p.in === 'path' && p.name === name))
      out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return out;
}

function operation(route: RouteContract): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? 'Answer',
      ...(schema ? { content: { 'application/json': { schema: jsonSchema(schema, 'output') } } } : {}),
    };
  }
  for (const [status, codes] of Object.entries(route.errors ?? {})) {
    if (responses[status]) {
      responses[status]['x-error-codes'] = codes;
      continue;
    }
    responses[status] = {
      description: `${STATUS_TEXT[Number(status)] ?? 'Error'}: \`${codes.join('`, `')}\``,
      'x-error-codes': codes,
      content: { 'application/json': { schema: ERROR_REF } },
    };
  }
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    tags: [route.tag],
    'x-caller': route.caller,
    ...(parameters(route).length ? { parameters: parameters(route) } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [route.bodyType ?? 'application/json']: { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

export interface OpenApiOptions {
  version: string;
  /** The casino's public URL, as the server list's only entry. */
  serverUrl?: string;
}

export function buildOpenApiDocument(options: OpenApiOptions = { version: '0.1.0' }) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Croupier API',
      version: options.version,
      description:
        'Every HTTP call of the casino, generated from the zod schemas in packages/shared/src/api. Money is integer minor units (`*_cents`) unless a field says otherwise. Errors answer `{ code, error, errors? }`. Calls that change state from a browser need the same-origin CSRF header (docs/http.md).',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [...new Set(ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: { Error: jsonSchema(ApiErrorBodySchema, 'output') } },
    /** Error codes by status that any call may answer, besides its own. */
    'x-global-error-codes': GLOBAL_ERRORS,
    'x-realtime-channels': Object.fromEntries(
      Object.entries(REALTIME_CHANNELS).map(([name, channel]) => [
        name,
        {
          audience: channel.audience,
          description: channel.description,
          payload: jsonSchema(channel.payload, 'output'),
        },
      ]),
    ),
  };
}
