/**
 * Writes a migrated, seeded PGlite data-dir tarball to the path given as the first argument.
 * Runs as its own process: PGlite leaves file handles open after close, which would keep the
 * test runner's main process from exiting.
 */
import fs from 'node:fs/promises';
import { openDatabase, pgliteOf } from '../src/db/client.ts';
import { seedDemoContent } from '../src/db/seed.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: make-template.ts <out.tgz>');
const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
// Without the bonus campaigns: the tests that need them make their own (docs/bonuses.md#kinds-the-demo-seeds).
await seedDemoContent(database.db, { campaigns: false });
const dump = await pgliteOf(database)!.dumpDataDir('gzip');
await fs.writeFile(out, Buffer.from(await dump.arrayBuffer()));
await database.close();
process.exit(0);
