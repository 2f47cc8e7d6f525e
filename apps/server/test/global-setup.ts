import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoContent } from '../src/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated, seeded data-dir tarball that each test file starts from. */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated, seeded template database (when DATABASE_URL is set). */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds one template per run, so each test file starts from a copy in about a second
 * instead of running initdb, migrations and the seed again.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `croupier_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await database.migrate();
    // Without the bonus campaigns: the tests that need them make their own (docs/bonuses.md#kinds-the-demo-seeds).
    await seedDemoContent(database.db, { campaigns: false });
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const file = path.join(os.tmpdir(), `croupier-pglite-template-${process.pid}.tgz`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./make-template.ts', import.meta.url)), file],
    {
      stdio: 'inherit',
    },
  );
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return async () => {
    await fs.rm(file, { force: true });
  };
}
