import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { playerAccounts, playerStatuses, statuses, users } from '../../db/schema/index.ts';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type AccountRow = typeof playerAccounts.$inferSelect;
/** A transaction handle; repositories accept it wherever they accept the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface PlayerStatusRow {
  id: string;
  name: string;
  isLevel: boolean;
}

/** Editable columns of `users` (the profile and locale); everything else changes through its own flow. */
export type UserPatch = Partial<
  Pick<
    NewUser,
    | 'nickname'
    | 'firstName'
    | 'lastName'
    | 'gender'
    | 'dateOfBirth'
    | 'country'
    | 'city'
    | 'address'
    | 'postalCode'
    | 'mobilePhone'
    | 'receivePromos'
    | 'receiveSmsPromos'
    | 'profession'
    | 'language'
    | 'currency'
    | 'saved'
    | 'registrationVariant'
  >
>;

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** E-mails are stored lower-cased; the unique index is on `lower(email)`, which this lookup uses. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(db: DbOrTx, id: number, patch: UserPatch, now: Date): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The player's levels and groups with their catalogue names, levels first. */
export async function statusesOf(db: DbOrTx, userId: number): Promise<PlayerStatusRow[]> {
  const rows = await db
    .select({
      id: playerStatuses.statusId,
      name: statuses.name,
      isLevel: statuses.isLevel,
      position: statuses.position,
    })
    .from(playerStatuses)
    .leftJoin(statuses, eq(statuses.id, playerStatuses.statusId))
    .where(eq(playerStatuses.userId, userId))
    .orderBy(desc(statuses.isLevel), asc(statuses.position), asc(playerStatuses.statusId));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.id, isLevel: r.isLevel ?? /^(vip_)?level_\d+$/.test(r.id) }));
}

export async function addStatuses(db: DbOrTx, userId: number, statusIds: string[], now: Date): Promise<void> {
  if (statusIds.length === 0) return;
  await db
    .insert(playerStatuses)
    .values(statusIds.map((statusId) => ({ userId, statusId, createdAt: now })))
    .onConflictDoNothing();
}

export async function removeStatuses(db: DbOrTx, userId: number, statusIds: string[]): Promise<void> {
  if (statusIds.length === 0) return;
  await db
    .delete(playerStatuses)
    .where(and(eq(playerStatuses.userId, userId), inArray(playerStatuses.statusId, statusIds)));
}

/** Wallets, the player's current currency first, then by age. */
export async function accountsOf(db: DbOrTx, userId: number, currentCurrency: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(playerAccounts)
    .where(eq(playerAccounts.userId, userId))
    .orderBy(
      sql`${playerAccounts.currency} = ${currentCurrency} DESC`,
      asc(playerAccounts.createdAt),
      asc(playerAccounts.id),
    );
}

/** Creates the wallet, or re-activates an existing one; balances are never touched here. */
export async function upsertActiveAccount(
  db: DbOrTx,
  userId: number,
  currency: string,
  now: Date,
): Promise<AccountRow> {
  const [row] = await db
    .insert(playerAccounts)
    .values({ userId, currency, active: true, createdAt: now })
    .onConflictDoUpdate({ target: [playerAccounts.userId, playerAccounts.currency], set: { active: true } })
    .returning();
  if (!row) throw new Error('upsert into player_accounts returned no row');
  return row;
}

// --- personal data (docs/privacy.md#what-each-module-holds) -------------------------------------

/** The player's profile for their export (the sign-in data is the auth module's). */
export async function profileOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, nickname, first_name, last_name, gender, date_of_birth, country, city, address, postal_code,
               mobile_phone, profession, currency, language, receive_promos, receive_sms_promos,
               deposit_bonus_code, can_issue_bonuses, registration_variant, stag AS affiliate_tag, saved AS profile_complete,
               verified, created_at, updated_at
          FROM users WHERE id = ${userId}`,
  );
}

/** The player's wallets with their balances (minor units). */
export async function accountsDataOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT currency, active, amount_cents, available_to_cashout_cents, created_at
          FROM player_accounts WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
}

/** The player's levels and groups, with when they joined each. */
export async function statusesDataOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT status_id, created_at FROM player_statuses WHERE user_id = ${userId} ORDER BY created_at, status_id`,
  );
}

/**
 * Erasure of the profile (docs/privacy.md#erasure): names, birth date, gender, address, phone and
 * profession go; country, currency and language stay (the jurisdiction and the currency the money
 * records are in). Setting NULLs again changes nothing.
 */
export async function eraseProfile(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE users SET nickname = NULL, first_name = NULL, last_name = NULL, gender = NULL, date_of_birth = NULL,
               city = NULL, address = NULL, postal_code = NULL, mobile_phone = NULL, profession = NULL,
               deposit_bonus_code = NULL, receive_promos = false, receive_sms_promos = false
         WHERE id = ${userId}`,
  );
}

/**
 * Locks the player's row for the rest of the transaction, so two changes of one player's limits,
 * documents, phone or data run one after the other. Answers the verified mark, or undefined for an
 * unknown player.
 */
export async function lockPlayer(db: Executor, userId: number): Promise<{ verified: boolean } | undefined> {
  const [row] = await rows<{ verified: boolean }>(db, sql`SELECT verified FROM users WHERE id = ${userId} FOR UPDATE`);
  return row;
}
