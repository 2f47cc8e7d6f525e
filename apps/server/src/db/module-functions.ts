import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
// A module's SQL entry, not its index: the assembler runs without building the app.
import { bonusesSql } from '../modules/bonuses/sql/index.ts';
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
  /**
   * Functions `wallet_bet` calls, in this order, after an accepted bet's debit and postings and
   * before its `wallet_requests` row, in its transaction: `(p_user integer, p_currency text,
   * p_provider text, p_tx text, p_round text, p_game text, p_amount bigint, p_bonus_part bigint,
   * p_now timestamptz) RETURNS void`. What must change atomically with a bet (a bonus's counter).
   */
  betEffects?: readonly string[];
  /**
   * Functions the wallet's rollback calls after an accepted refund, in its transaction:
   * `(p_user integer, p_currency text, p_provider text, p_bet_tx text, p_now timestamptz) RETURNS void`.
   */
  rollbackEffects?: readonly string[];
  /**
   * At most one module decides where the bonus-money part of a win or a refund goes: `(p_user
   * integer, p_currency text, p_provider text, p_round text, p_bet_tx text, p_part bigint, p_apply
   * boolean, OUT o_bonus bigint, OUT o_cash bigint, OUT o_funding bigint)`. Without one, all of it
   * returns to the player's bonus money.
   */
  bonusRoute?: string;
}

/** Every module's SQL, in the order bet checks run: responsible gambling first. */
export const MODULE_SQL: readonly ModuleSql[] = [limitsSql, bonusesSql];

export const BET_CHECKS_FUNCTION = 'wallet_bet_checks';
export const BET_EFFECTS_FUNCTION = 'wallet_bet_effects';
export const ROLLBACK_EFFECTS_FUNCTION = 'wallet_rollback_effects';
export const BONUS_ROUTE_FUNCTION = 'wallet_bonus_route';

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

/** `wallet_bet_effects`: calls every module's bet effect in order. */
export function betEffectsDispatcher(modules: readonly ModuleSql[] = MODULE_SQL): string {
  const calls = modules
    .flatMap((m) => m.betEffects ?? [])
    .map(
      (name) =>
        `  PERFORM ${name}(p_user, p_currency, p_provider, p_tx, p_round, p_game, p_amount, p_bonus_part, p_now);\n`,
    )
    .join('');
  return `-- Generated from the modules' bet effects (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION ${BET_EFFECTS_FUNCTION}(p_user integer, p_currency text, p_provider text, p_tx text, p_round text, p_game text, p_amount bigint, p_bonus_part bigint, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
${calls}  RETURN;
END;
$$;`;
}

/** `wallet_rollback_effects`: calls every module's rollback effect in order. */
export function rollbackEffectsDispatcher(modules: readonly ModuleSql[] = MODULE_SQL): string {
  const calls = modules
    .flatMap((m) => m.rollbackEffects ?? [])
    .map((name) => `  PERFORM ${name}(p_user, p_currency, p_provider, p_bet_tx, p_now);\n`)
    .join('');
  return `-- Generated from the modules' rollback effects (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION ${ROLLBACK_EFFECTS_FUNCTION}(p_user integer, p_currency text, p_provider text, p_bet_tx text, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
${calls}  RETURN;
END;
$$;`;
}

/** `wallet_bonus_route`: the one module's bonus route, or everything back to bonus money. */
export function bonusRouteDispatcher(modules: readonly ModuleSql[] = MODULE_SQL): string {
  const routes = modules.flatMap((m) => (m.bonusRoute ? [m.bonusRoute] : []));
  if (routes.length > 1) throw new Error(`only one module may route bonus money; found ${routes.join(', ')}`);
  const body = routes[0]
    ? `  SELECT r.o_bonus, r.o_cash, r.o_funding INTO o_bonus, o_cash, o_funding
    FROM ${routes[0]}(p_user, p_currency, p_provider, p_round, p_bet_tx, p_part, p_apply) r;\n`
    : `  o_bonus := p_part;\n  o_cash := 0;\n  o_funding := 0;\n`;
  return `-- Generated from the modules' bonus route (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION ${BONUS_ROUTE_FUNCTION}(p_user integer, p_currency text, p_provider text, p_round text, p_bet_tx text, p_part bigint, p_apply boolean, OUT o_bonus bigint, OUT o_cash bigint, OUT o_funding bigint)
LANGUAGE plpgsql AS $$
BEGIN
${body}END;
$$;`;
}

/** The generated dispatchers, by name. */
function dispatchers(modules: readonly ModuleSql[]): { name: string; source: string }[] {
  return [
    { name: BET_CHECKS_FUNCTION, source: betChecksDispatcher(modules) },
    { name: BET_EFFECTS_FUNCTION, source: betEffectsDispatcher(modules) },
    { name: ROLLBACK_EFFECTS_FUNCTION, source: rollbackEffectsDispatcher(modules) },
    { name: BONUS_ROUTE_FUNCTION, source: bonusRouteDispatcher(modules) },
  ];
}

/** The whole migration: every module function, then the dispatchers, one statement each. */
export function assembleFunctionsMigration(modules: readonly ModuleSql[] = MODULE_SQL): string {
  const functions = loadModuleFunctions(modules);
  for (const m of modules)
    for (const hook of [
      ...m.betChecks,
      ...(m.betEffects ?? []),
      ...(m.rollbackEffects ?? []),
      m.bonusRoute ?? [],
    ].flat())
      if (!m.functions.includes(hook)) throw new Error(`hook ${hook} is not one of ${m.module}'s functions`);
  const parts = [
    ...functions.map((f) => `-- From apps/server/src/${f.file}\n${f.source}`),
    ...dispatchers(modules).map((d) => d.source),
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
    ...dispatchers(modules),
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
