import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, errorBody } from '../lib/errors.ts';
import { shapeErrors } from './validate.ts';

/** Body of every error answer: a stable `code`, a human `error` text and optional field errors. */
export interface ErrorBody {
  code: string;
  error: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}

/** Fastify's own errors that mean "the client sent something wrong", mapped to stable codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_content_length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_VALIDATION: { status: 400, code: 'validation_error' },
};

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    // A schema parsed outside `parseInput` (validate.ts) still answers the one 400 body.
    if (error instanceof ZodError) {
      return reply.status(400).send({
        code: 'validation_error',
        error: 'The request is not valid.',
        errors: shapeErrors(error.issues),
      } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      if (error.status === 429 && typeof error.extra?.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return reply.status(error.status).send(errorBody(error) satisfies ErrorBody);
    }
    const fe = error as FastifyError;
    const known = fe.code ? FASTIFY_CLIENT_ERRORS[fe.code] : undefined;
    // JSON.parse failures (and __proto__ poisoning) arrive as 400 SyntaxErrors from the parser.
    if (known || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      const status = known?.status ?? fe.statusCode ?? 400;
      const code = known?.code ?? (error instanceof SyntaxError ? 'malformed_json' : 'bad_request');
      return reply.status(status).send({ code, error: fe.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    // Never a stack trace or driver message in the answer (docs/reliability.md#i5-fail-closed).
    return reply
      .status(500)
      .send({ code: 'internal_error', error: 'Something went wrong on our side.' } satisfies ErrorBody);
  });
}
