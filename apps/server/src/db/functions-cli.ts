import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from './client.ts';
import { assembleFunctionsMigration } from './module-functions.ts';

/**
 * `npm run db:functions -- <tag>`: writes the next migration, `NNNN_<tag>.sql`, installing every
 * module's SQL functions and the bet-check dispatcher from their sources, and records it in
 * drizzle's journal. Run it after editing a file under `modules/<module>/sql/`; the module-functions
 * test fails until the migrated database matches the sources again.
 */
const tag = process.argv[2];
if (!tag || !/^[a-z0-9_]+$/.test(tag)) {
  console.error('usage: npm run db:functions -- <tag>   (lower-case letters, digits and _)');
  process.exit(2);
}
const journalPath = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};
const last = journal.entries.at(-1);
const idx = last ? last.idx + 1 : 0;
const name = `${String(idx).padStart(4, '0')}_${tag}`;
fs.writeFileSync(path.join(MIGRATIONS_DIR, `${name}.sql`), assembleFunctionsMigration());
// Drizzle applies migrations newer than the last one it ran, by this timestamp.
journal.entries.push({
  idx,
  version: '7',
  when: Math.max(Date.now(), (last?.when ?? 0) + 1),
  tag: name,
  breakpoints: true,
});
fs.writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`wrote migrations/${name}.sql`);
