import { sql } from 'drizzle-orm';
import type { BonusTerms } from '@croupier/shared/bonus-terms';
import { rows, type Executor } from '../../db/sql.ts';

export interface CashbackCampaign {
  id: number;
  terms: BonusTerms;
}

/** Active cashback campaigns that covered the whole week and have not paid it yet. */
export function cashbackCampaignsDue(
  db: Executor,
  week: { start: Date; end: Date; label: string },
): Promise<CashbackCampaign[]> {
  return rows<CashbackCampaign>(
    db,
    sql`SELECT c.id, c.terms FROM bonus_campaigns c
         WHERE c.kind = 'cashback' AND c.active
           AND (c.starts_at IS NULL OR c.starts_at <= ${week.start})
           AND (c.ends_at IS NULL OR c.ends_at >= ${week.end})
           AND NOT EXISTS (SELECT 1 FROM cashback_weeks w WHERE w.campaign_id = c.id AND w.week = ${week.label})
         ORDER BY c.id`,
  );
}

/**
 * The cash side of every bet, win and refund of the week for the next `limit` players after
 * `afterUser`, by the wallet's own clock (the request's time): what their cash went down by, per
 * currency. Bonus money staked or won is not in it.
 */
export function weekCashLosses(
  db: Executor,
  week: { start: Date; end: Date },
  afterUser: number,
  limit: number,
): Promise<{ user_id: number; currency: string; loss: string }[]> {
  return rows(
    db,
    sql`SELECT wr.user_id, wr.currency, (-sum(p.amount))::text AS loss
          FROM wallet_requests wr
          JOIN ledger_postings p ON p.transaction_id = wr.ledger_transaction_id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'player_cash'
         WHERE wr.created_at >= ${week.start} AND wr.created_at < ${week.end}
           AND wr.action IN ('bet', 'win', 'rollback') AND wr.ledger_transaction_id IS NOT NULL
           AND wr.user_id IN (SELECT DISTINCT user_id FROM wallet_requests
                               WHERE created_at >= ${week.start} AND created_at < ${week.end} AND user_id > ${afterUser}
                               ORDER BY user_id LIMIT ${limit})
         GROUP BY wr.user_id, wr.currency
         ORDER BY wr.user_id, wr.currency`,
  );
}

/** Written last: the week is done for this campaign. */
export async function markWeekPaid(
  db: Executor,
  w: { campaignId: number; week: string; issued: number; now: Date },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO cashback_weeks (campaign_id, week, issued, finished_at)
        VALUES (${w.campaignId}, ${w.week}, ${w.issued}, ${w.now}) ON CONFLICT DO NOTHING`,
  );
}
