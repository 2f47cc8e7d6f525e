import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
// A module's SQL entry, not its index: the assembler runs without building the app.
import { limitsSql } from '../modules/limits/sql/index.ts';
import { rows, type Executor } from './sql.ts';

/**
 * SQL functions owned by modules (docs/bet-checks.md). A module keeps each function's source in
 * `modules/<module>/sql/<function>.sql` (one `CREATE OR REPLACE FUNCTION` per file, named as the
 * file) and lists the ones `wallet_bet` must consult, in order, as its bet checks. The migration
 * that installs them is assembled from these files by `npm run db:functions -- <tag>`, and a test
 * compares the migrated database with the files, so a source edited without a migration fails CI.
 */
export interface ModuleSql {
  module: string;
  /** Function names; each source is `modules/<module>/sql/<name>.sql`. */
  functions: readonly string[];
  /**
   * Functions `wallet_bet` calls, in this order, inside its transaction with the player's account
   * row locked: `(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
   * RETURNS jsonb`, NULL to let the bet through or `{"code", "message"}` to refuse it.
   */
  betChecks: readonly string[];
}

/** Every module's SQL, in the order bet checks run: responsible gambling first. */
export const MODULE_SQL: readonly ModuleSql[] = [limitsSql];

export const BET_CHECKS_FUNCTION = 'wallet_bet_checks';

const SRC_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const FUNCTION_NAME = /CREATE\s+OR\s+REPLACE\s+FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/gi;

export interface ModuleFunction {
  module: string;
  name: string;
  /** Path from `apps/server/src`. */
  file: string;
  source: string;
}

export function loadModuleFunctions(modules: readonly ModuleSql[] = MODULE_SQL): ModuleFunction[] {
  return modules.flatMap((m) =>
    m.functions.map((name) => {
      const file = `modules/${m.module}/sql/${name}.sql`;
      const source = fs.readFileSync(path.join(SRC_DIR, file), 'utf8');
      const declared = [...source.matchAll(FUNCTION_NAME)].map((match) => match[1]);
      // One function per file, named as the file: the comparison test and the assembler rely on it.
      if (declared.length !== 1 || declared[0] !== name)
        throw new Error(`${file} must hold exactly one CREATE OR REPLACE FUNCTION ${name}(…)`);
      if (source.includes('--> statement-breakpoint'))
        throw new Error(`${file} must not contain statement breakpoints`);
      return { module: m.module, name, file, source: source.trim() };
    }),
  );
}

/** `wallet_bet_checks`: calls every module's bet check in order and answers the first refusal. */
export function betChecksDispatcher(modules: readonly ModuleSql[] = MODULE_SQL): string {
  const calls = modules
    .flatMap((m) => m.betChecks)
    .map(
      (name) =>
        `  v_refusal := ${name}(p_user, p_currency, p_amount, p_game, p_now);\n  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;\n`,
    )
    .join('');
  return `-- Generated from the modules' bet checks (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION ${BET_CHECKS_FUNCTION}(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb;
BEGIN
${calls}  RETURN NULL;
END;
$$;`;
}

/** The whole migration: every module function, then the dispatcher, one statement each. */
export function assembleFunctionsMigration(modules: readonly ModuleSql[] = MODULE_SQL): string {
  const functions = loadModuleFunctions(modules);
  for (const m of modules)
    for (const check of m.betChecks)
      if (!m.functions.includes(check)) throw new Error(`bet check ${check} is not one of ${m.module}'s functions`);
  const parts = [
    ...functions.map((f) => `-- From apps/server/src/${f.file}\n${f.source}`),
    betChecksDispatcher(modules),
  ];
  return `-- Assembled by \`npm run db:functions\` from the modules' SQL sources (docs/bet-checks.md).\n${parts.join(
    '--> statement-breakpoint\n\n',
  )}\n`;
}

interface ProcRow {
  schema: string;
  body: string;
  args: string;
  result: string;
  volatility: string;
  language: string;
}

const COMPARE_SCHEMA = 'module_sql_source';

/**
 * Names of the functions whose definition in the database differs from the source (or is missing).
 * Each source is created in a scratch schema inside a transaction that is rolled back, and the two
 * catalogue entries are compared: body, arguments, result, volatility and language.
 */
export async function functionsDifferingFromSource(
  db: { transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> },
  modules: readonly ModuleSql[] = MODULE_SQL,
): Promise<string[]> {
  const sources = [
    ...loadModuleFunctions(modules).map((f) => ({ name: f.name, source: f.source })),
    { name: BET_CHECKS_FUNCTION, source: betChecksDispatcher(modules) },
  ];
  const differing: string[] = [];
  const rollback = new Error('compare only');
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`CREATE SCHEMA ${COMPARE_SCHEMA}`));
      await tx.execute(sql.raw(`SET LOCAL search_path TO ${COMPARE_SCHEMA}, public`));
      for (const { name, source } of sources) {
        await tx.execute(sql.raw(source));
        const found = await rows<ProcRow>(
          tx,
          sql`SELECT n.nspname AS schema, p.prosrc AS body, pg_get_function_identity_arguments(p.oid) AS args,
                     pg_get_function_result(p.oid) AS result, p.provolatile::text AS volatility, l.lanname AS language
              FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
              WHERE p.proname = ${name} AND n.nspname IN ('public', ${COMPARE_SCHEMA})`,
        );
        const inDb = found.filter((r) => r.schema === 'public');
        const fromSource = found.find((r) => r.schema === COMPARE_SCHEMA);
        const same = (r: ProcRow) =>
          r.body === fromSource?.body &&
          r.args === fromSource.args &&
          r.result === fromSource.result &&
          r.volatility === fromSource.volatility &&
          r.language === fromSource.language;
        // An overload left behind by an older signature counts as a difference too.
        if (inDb.length !== 1 || !same(inDb[0]!)) differing.push(name);
      }
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return differing;
}
