import { Transform } from 'node:stream';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Response compression (decision 014): brotli when the client accepts it, gzip otherwise, for every
 * compressible response of 1 KB or more that Fastify sends — JSON, the server-rendered HTML stream,
 * static files without a precompressed copy. Registered before any route (it hooks each route as
 * it is added). socket.io answers on the http server before Fastify and is never touched.
 *
 * Brotli quality 4 and gzip level 6 for what is compressed per request: on the 183 KB lobby
 * document brotli 4 takes ~3 ms for 32.6 KB, 5 takes ~5 ms for 30 KB (an SSR render is ~2 ms);
 * gzip only serves clients without brotli. The static build is precompressed at the highest
 * levels instead (apps/web/precompress.ts).
 *
 * Every write is flushed (sync flush), so a compressed stream never holds back what the app has
 * already sent: the SSR shell reaches the browser before the suspended parts resolve, exactly as
 * uncompressed. Writes are coalesced upstream (`coalesceWrites`) so a flush costs little.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies stay as sent: signatures (webhooks, the wallet protocol) cover the bytes received.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    },
    zlibOptions: { flush: constants.Z_SYNC_FLUSH, level: 6 },
  });
  // A compressible response varies with Accept-Encoding even when this client got it plain (too
  // small, or no encoding accepted): a shared cache must not hand that copy to everyone.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^(?:text\/|application\/(?:json|javascript)|image\/svg\+xml)/i.test(type)) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding|\*/i.test(vary))
        reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
    return payload;
  });
}

/**
 * Joins what a stream writes within one turn of the event loop into one chunk. React writes a
 * rendered batch as many small synchronous writes; joined, each batch is compressed and flushed
 * once instead of once per few hundred bytes (a flush per write costs ratio), and a batch
 * written later (a resolved Suspense boundary) still leaves at once.
 */
export function coalesceWrites(): Transform {
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  const release = () => {
    scheduled = null;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      scheduled ??= setImmediate(release);
      callback();
    },
    flush(callback) {
      if (scheduled) clearImmediate(scheduled);
      release();
      callback();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      pending = [];
      callback(error);
    },
  });
  return stream;
}
