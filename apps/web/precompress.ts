import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file of the client build,
 * so the server sends static files compressed at the best ratio without compressing per request
 * (`@fastify/static` `preCompressed`, decision 014). A copy that is not smaller is not written.
 * Runs once the client bundle and the public files are on disk; the server bundle is left alone.
 */
export function precompress(): Plugin {
  return {
    name: 'croupier:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async closeBundle() {
      const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      // libuv's thread pool runs these in parallel: the whole client build takes about a second.
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
