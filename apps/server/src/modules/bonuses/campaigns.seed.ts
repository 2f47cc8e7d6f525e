/**
 * The demo's bonus campaigns (docs/bonuses.md#kinds-the-demo-seeds): the welcome deposit offer and
 * the second-deposit reload, the registration bonus, free spins and the weekly cashback, with
 * amounts in every currency of the casino, and the shared coupon that issues the free spins. Each starts when it is first seeded, so seeding never
 * rewards what happened before (the consumers read the log from its beginning); a later seed
 * changes nothing an operator may have edited since.
 */
import { sql } from 'drizzle-orm';
import type { BonusTerms, PerCurrency } from '@croupier/shared/bonus-terms';
import { CURRENCIES, CURRENCY_CODES } from '@croupier/shared/currencies';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import { textArray } from './bonuses.repository.ts';
import type { CampaignValues } from './campaigns.repository.ts';

/**
 * Units of each currency one euro of an offer is worth in the demo: round figures near the
 * sandbox's reference rates, the same scale as the wager-free toast's minimums (docs/bonuses.md#what-the-player-sees).
 */
const PER_EUR: Record<keyof typeof CURRENCIES, number> = {
  EUR: 1,
  USD: 1,
  CAD: 1.5,
  AUD: 1.5,
  NZD: 1.5,
  NOK: 10,
  PLN: 5,
  JPY: 125,
  BRL: 7,
  BTC: 0.00002,
  BCH: 0.002,
  ETH: 0.00028,
  LTC: 0.009,
  DOG: 7,
  USDT: 1,
};

/** An amount in euros as minor units of every currency. */
export function everyCurrency(euros: number): PerCurrency {
  return Object.fromEntries(
    CURRENCY_CODES.map((c) => [c, Math.round(euros * PER_EUR[c] * CURRENCIES[c].subunitsToUnit)]),
  );
}

/** What bets count for wagering: slots whole, tables a tenth, live nothing; the originals not at all. */
const WAGERING: Pick<BonusTerms, 'weights' | 'default_weight' | 'excluded_collections'> = {
  weights: { pokies: 100, table: 10, roulette: 10, blackjack: 10, baccarat: 10, live: 0 },
  default_weight: 100,
  excluded_collections: ['wager0'],
};

type SeedCampaign = Omit<CampaignValues, 'startsAt' | 'endsAt' | 'active'>;

const base = {
  groupKey: null,
  // Titles are generated in the player's currency ("100 % up to $200.00"): one text would name one currency.
  titles: {},
  groupsAny: [],
  groupsNone: [],
  countries: [],
  depositNumber: null,
  defaultOffer: false,
} satisfies Partial<SeedCampaign>;

/** The demo's campaigns; `slot` is the identifier of the slot the free spins play. */
export function demoCampaigns(slot: string | null): SeedCampaign[] {
  const campaigns: SeedCampaign[] = [
    {
      ...base,
      code: 'WELCOME100',
      kind: 'deposit',
      trigger: 'deposit',
      depositNumber: 1,
      defaultOffer: true,
      terms: {
        percent: 100,
        min_deposit_cents: everyCurrency(20),
        max_bonus_cents: everyCurrency(200),
        max_bet_cents: everyCurrency(5),
        wager_multiplier: 35,
        wager_base: 'bonus',
        ...WAGERING,
        validity_days: 30,
      },
    },
    {
      ...base,
      code: 'RELOAD50',
      kind: 'deposit',
      trigger: 'deposit',
      depositNumber: 2,
      terms: {
        percent: 50,
        min_deposit_cents: everyCurrency(20),
        max_bonus_cents: everyCurrency(100),
        max_bet_cents: everyCurrency(5),
        wager_multiplier: 35,
        wager_base: 'bonus',
        ...WAGERING,
        validity_days: 30,
      },
    },
    {
      ...base,
      code: 'SIGNUP5',
      kind: 'nondeposit',
      trigger: 'registration',
      terms: {
        amount_cents: everyCurrency(5),
        max_conversion_cents: everyCurrency(50),
        wager_multiplier: 40,
        ...WAGERING,
        activation_days: 7,
        validity_days: 7,
      },
    },
    {
      ...base,
      code: 'CASHBACK10',
      kind: 'cashback',
      trigger: 'cashback',
      terms: {
        wager_multiplier: 0,
        activation_days: 7,
        validity_days: 7,
        cashback: { percent: 10, max_cents: everyCurrency(100), min_loss_cents: everyCurrency(10) },
      },
    },
  ];
  if (slot) {
    campaigns.push({
      ...base,
      code: 'SPIN20',
      kind: 'freespins',
      trigger: 'coupon',
      terms: {
        wager_multiplier: 0,
        ...WAGERING,
        activation_days: 7,
        validity_days: 7,
        freespins: {
          count: 20,
          games: [slot],
          bet_level_cents: everyCurrency(0.2),
          winnings_wager_multiplier: 30,
          winnings_max_conversion_cents: everyCurrency(100),
        },
      },
    });
  }
  return campaigns;
}

/**
 * The demo's shared coupons: the code, the campaign (by its code) it issues, and how many players
 * may redeem it (each once) — every demo player, in effect.
 */
export const DEMO_COUPONS = [{ code: 'CROUPIER', campaign: 'SPIN20', maxRedemptions: 1_000_000 }] as const;

/**
 * Seeds the demo's campaigns and coupons. Idempotent: a campaign whose code exists (or a welcome
 * offer when another campaign already is one), or a coupon whose code exists, is left as it is; a
 * coupon whose campaign is missing (no slot to play the spins) is not made. Returns how many
 * campaigns the demo has.
 */
export async function seedBonusCampaigns(db: Db): Promise<number> {
  // The free spins play the catalogue's most popular slot (seeded before).
  const [slot] = await rows<{ identifier: string }>(
    db,
    sql`SELECT identifier FROM games WHERE engine LIKE 'slot-%' ORDER BY popularity DESC, identifier LIMIT 1`,
  );
  const campaigns = demoCampaigns(slot?.identifier ?? null);
  for (const c of campaigns) {
    await db.execute(
      sql`INSERT INTO bonus_campaigns (code, kind, trigger, group_key, titles, terms, groups_any, groups_none, countries,
            deposit_number, default_offer, starts_at, ends_at, active, created_at)
          VALUES (${c.code}, ${c.kind}, ${c.trigger}, ${c.groupKey}, ${JSON.stringify(c.titles)}::jsonb,
            ${JSON.stringify(c.terms)}::jsonb, ${textArray(c.groupsAny)}, ${textArray(c.groupsNone)},
            ${textArray(c.countries)}, ${c.depositNumber}, ${c.defaultOffer}, now(), NULL, true, now())
          ON CONFLICT DO NOTHING`,
    );
  }
  for (const coupon of DEMO_COUPONS) {
    await db.execute(
      sql`INSERT INTO bonus_codes (code, campaign_id, user_id, max_redemptions, state, valid_until, created_at)
          SELECT ${coupon.code}, id, NULL, ${coupon.maxRedemptions}, 'issued', NULL, now()
            FROM bonus_campaigns WHERE code = ${coupon.campaign}
          ON CONFLICT DO NOTHING`,
    );
  }
  return campaigns.length;
}
