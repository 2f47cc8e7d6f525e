import { lockPlayer } from '../player/index.ts';
import type { GdprErasure, GdprReport } from '@croupier/shared/api/privacy';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { PersonalDataRegistry } from '../module.ts';
import {
  cancelReportsOf,
  claimPendingReport,
  erasureOf,
  expireReports,
  insertErasure,
  insertReport,
  markReportMailed,
  reportByTokenHash,
  reportsOf,
  setReportToken,
  storeReport,
  takeReport,
  unmailedReports,
  type ReportRow,
} from './privacy.repository.ts';

/** One request at a time, and one a day (docs/privacy.md#the-copy-of-your-data). */
export const GDPR_REPORT_INTERVAL_MS = 24 * 3_600_000;
/** How long the mailed link works; then the copy is deleted. */
export const GDPR_REPORT_TTL_MS = 7 * 24 * 3_600_000;
/** Copies built per run of the job: a run stays short, the next one goes on. */
const BUILDS_PER_RUN = 5;

export interface PrivacyDeps {
  db: Db;
  clock: Clock;
  personalData: PersonalDataRegistry;
  /** Mails the player the one-time link to their copy. */
  sendLink(userId: number, token: string): Promise<void>;
  /** After an erasure committed: the player's sockets close (their sessions ended in its transaction). */
  onErased?(userId: number): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(row: ReportRow): GdprReport {
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requested_at.toISOString(),
    ready_at: iso(row.ready_at),
    expires_at: iso(row.expires_at),
    downloaded_at: iso(row.downloaded_at),
    next_request_at: new Date(row.requested_at.getTime() + GDPR_REPORT_INTERVAL_MS).toISOString(),
  };
}

/**
 * The player's copy of their data and the operator's erasure (docs/privacy.md). Each module says
 * what it holds through its `personalData` declaration; this service only asks them all, in one
 * transaction each time, and keeps the requests.
 */
export class PrivacyService {
  constructor(private readonly deps: PrivacyDeps) {}

  async list(userId: number): Promise<GdprReport[]> {
    return (await reportsOf(this.deps.db, userId, 10)).map(present);
  }

  /** `POST /api/gdpr_reports`: refused while one is being prepared, and within 24 h of the last. */
  async request(userId: number): Promise<GdprReport> {
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const [last] = await reportsOf(tx, userId, 1);
      if (last?.status === 'pending')
        throw conflict(
          'gdpr_report_pending',
          'Your copy is being prepared; we will e-mail you a link when it is ready.',
        );
      if (last && now.getTime() - last.requested_at.getTime() < GDPR_REPORT_INTERVAL_MS) {
        const next = new Date(last.requested_at.getTime() + GDPR_REPORT_INTERVAL_MS);
        const seconds = Math.ceil((next.getTime() - now.getTime()) / 1000);
        throw new AppError(429, 'gdpr_report_too_soon', 'You can ask for one copy of your data a day.', undefined, {
          retryAfterSeconds: seconds,
          next_request_at: next.toISOString(),
        });
      }
      return insertReport(tx, userId, now);
    });
    return present(row);
  }

  /** The whole export of one player as one document (docs/privacy.md#the-document). */
  async exportDocument(userId: number, tx: Parameters<Parameters<Db['transaction']>[0]>[0]): Promise<string> {
    const now = this.deps.clock.now();
    const sections: Record<string, string> = {};
    const body: Record<string, Record<string, unknown>> = {};
    for (const { module, data } of this.deps.personalData.all()) {
      const parts = await data.export(userId, tx);
      for (const [name, description] of Object.entries(data.sections)) {
        sections[`${module}.${name}`] = description;
        if (!(name in parts)) throw new Error(`module ${module} declares ${name} but its export has none`);
      }
      body[module] = parts;
    }
    const document = {
      about: {
        title: 'Croupier: a copy of the personal data we hold about you',
        player_id: userId,
        generated_at: now.toISOString(),
        how_to_read:
          'Each part below is named "<area>.<part>" and described in "sections". Amounts of money are integers in the minor unit of their currency (cents for EUR: 1050 means 10.50). Times are ISO 8601 in UTC. Secrets are never included: no password, two-factor secret, session or link token, and no server seed that has not been revealed yet.',
        sections,
      },
      ...body,
    };
    return `${JSON.stringify(document, null, 2)}\n`;
  }

  /**
   * The job's body (`privacy.reports`): deletes copies past their time, builds pending ones (each
   * in one transaction, so a crash leaves it pending) and mails the links of built ones. Safe to
   * run twice: a mail that left but was not marked is sent again with a new token, which replaces
   * the old one.
   */
  async runReports(): Promise<{ expired: number; built: number; mailed: number }> {
    const now = this.deps.clock.now();
    const expired = await expireReports(this.deps.db, now);
    let built = 0;
    for (let i = 0; i < BUILDS_PER_RUN; i++) {
      const done = await this.deps.db.transaction(async (tx) => {
        const claimed = await claimPendingReport(tx);
        if (!claimed) return false;
        const content = await this.exportDocument(claimed.user_id, tx);
        await storeReport(tx, claimed.id, content, now, new Date(now.getTime() + GDPR_REPORT_TTL_MS));
        return true;
      });
      if (!done) break;
      built++;
    }
    let mailed = 0;
    for (const report of await unmailedReports(this.deps.db, now, 50)) {
      const token = randomToken();
      if (!(await setReportToken(this.deps.db, report.id, sha256(token)))) continue;
      await this.deps.sendLink(report.user_id, token);
      await markReportMailed(this.deps.db, report.id, this.deps.clock.now());
      mailed++;
    }
    return { expired, built, mailed };
  }

  /**
   * The mailed link, once, by the player it was made for (docs/privacy.md#the-copy-of-your-data).
   * Another player's session learns nothing (404) and does not use the link up.
   */
  async download(userId: number, token: string): Promise<{ content: string; report: GdprReport }> {
    const now = this.deps.clock.now();
    const report = await reportByTokenHash(this.deps.db, sha256(token));
    if (!report || report.user_id !== userId)
      throw notFound('gdpr_report_not_found', 'This link is not valid for your account.');
    const gone = (code: string, message: string) => new AppError(410, code, message);
    if (report.status === 'downloaded') throw gone('gdpr_report_used', 'This link was already used.');
    if (report.status !== 'ready' || (report.expires_at && report.expires_at <= now))
      throw gone('gdpr_report_expired', 'This link has expired. You can ask for a new copy.');
    const content = await takeReport(this.deps.db, report.id, now);
    if (content === undefined) throw gone('gdpr_report_used', 'This link was already used.');
    return { content, report: present({ ...report, status: 'downloaded', downloaded_at: now }) };
  }

  /**
   * The operator's erasure (docs/privacy.md#erasure): refused while a module says money or a
   * payment is still in play; otherwise every module anonymises what it holds, in reverse module
   * order (a later module may still need an earlier one's data, as mail needs the address), in one
   * transaction. A second call answers the first erasure and changes nothing.
   */
  async erase(userId: number, reason: string | null): Promise<GdprErasure> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      if (!(await lockPlayer(tx, userId))) throw notFound('player_not_found', 'No such player');
      const before = await erasureOf(tx, userId);
      if (before) return { erasedAt: before, already: true };
      const all = this.deps.personalData.all();
      for (const { data } of all) {
        const refusal = await data.refuseErasure?.(userId, tx);
        if (refusal) throw conflict(refusal.code, refusal.message);
      }
      for (const { data } of [...all].reverse()) await data.erase?.(userId, tx, now);
      await cancelReportsOf(tx, userId);
      await insertErasure(tx, userId, now, reason);
      return { erasedAt: now, already: false };
    });
    if (!outcome.already) await this.deps.onErased?.(userId);
    return { player_id: userId, erased_at: outcome.erasedAt.toISOString(), already_erased: outcome.already };
  }
}
