/**
 * The bonus mails (docs/bonuses.md#mails): a gift waiting for activation is a promotion and passes
 * the consent gate; a bonus that started on its own and one that became cash are account notices.
 * Each is written once, by the consumer's transaction, in the player's language, and a change older
 * than a day is not mailed. On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { rows } from '../../db/sql.ts';
import {
  expectLedgerSound,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';
import { BONUS_MAIL_WINDOW_MS } from './mails.ts';
import { gift, insertCampaign } from './test-bonus-helpers.ts';
import { expectConsumersHealthy } from './test-campaigns.ts';

let t: TestApp;
let slot = '';
let campaignId = 0;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  const [row] = await rows<{ identifier: string }>(
    t.database.db,
    sql`SELECT g.identifier FROM games g JOIN game_categories gc ON gc.game_id = g.id
         WHERE gc.category_id = 'pokies' ORDER BY g.id LIMIT 1`,
  );
  slot = row!.identifier;
  campaignId = await insertCampaign(t, {
    kind: 'nondeposit',
    trigger: 'manual',
    titles: { en: 'Spring gift', de: 'Frühlingsgeschenk' },
    terms: { amount_cents: { EUR: 100_00 }, wager_multiplier: 10, validity_days: 7 },
  });
});
afterEach(async () => {
  await t.events.drain();
  await expectConsumersHealthy(t);
  await expectLedgerSound(t.database);
});
afterAll(() => t.close());

const drainMails = () => t.events.drain('bonuses.mails');

/** A player with an address, the given consent and language. */
async function player(o: { promos: boolean; language?: string }) {
  const userId = await insertPlayer(t.database);
  await t.database.db.execute(
    sql`UPDATE users SET receive_promos = ${o.promos}, language = ${o.language ?? 'en'}, first_name = 'Ann'
         WHERE id = ${userId}`,
  );
  const [u] = await rows<{ email: string }>(t.database.db, sql`SELECT email FROM users WHERE id = ${userId}`);
  const email = u!.email;
  return { userId, mails: () => t.mail.filter((m) => m.to === email) };
}

const gifts = () => `${t.env.publicUrl}/users/gifts`;

describe('a gift waiting for activation', () => {
  it('is mailed once, with its figures and deadline, to a subscribed player, in their language', async () => {
    const ann = await player({ promos: true });
    const bonuses = t.croupier.modules.bonuses;
    await bonuses.issue(gift(ann.userId, { campaignId, amount: 100_00n, wagerMultiplier: 10, activationDays: 3 }));
    await drainMails();
    await drainMails();
    expect(ann.mails()).toHaveLength(1);
    const mail = ann.mails()[0]!;
    expect(mail.subject).toBe('Croupier: A bonus is waiting for you');
    expect(mail.userId).toBe(ann.userId);
    const paragraphs = mail.text.split('\n\n');
    expect(paragraphs).toContain('Hi Ann,');
    expect(paragraphs).toContain('Spring gift: €100.00 in bonus money is waiting for you.');
    expect(paragraphs).toContain(
      'Before it can be withdrawn, bets counting €1,000.00 must be placed within 7 days of activating it.',
    );
    // The test clock stands at 2026-11-22 12:00 UTC; three days to activate.
    expect(paragraphs).toContain(
      'Activate it by 25 November 2026 at 12:00 UTC on your gifts page, where all its rules are shown before you accept:',
    );
    expect(paragraphs).toContain(gifts());
    expect(mail.text).toContain('To stop them, change your subscriptions on this page:');
    expect(mail.html).toContain(`<a href="${gifts()}">`);

    const jan = await player({ promos: true, language: 'de' });
    await bonuses.issue(gift(jan.userId, { campaignId, amount: 100_00n, wagerMultiplier: 10, activationDays: 3 }));
    await drainMails();
    expect(jan.mails().map((m) => m.subject)).toEqual(['Croupier: Ein Bonus wartet auf dich']);
    expect(jan.mails()[0]!.text).toContain('Frühlingsgeschenk: 100,00\u00a0€ Bonusgeld warten auf dich.');
    expect(jan.mails()[0]!.text).toContain('Abbestellen kannst du sie auf dieser Seite:');
  });

  it('is not mailed to a player who did not subscribe to offers', async () => {
    const quiet = await player({ promos: false });
    const bonuses = t.croupier.modules.bonuses;
    await bonuses.issue(gift(quiet.userId, { activationDays: 30 }));
    await drainMails();
    expect(quiet.mails()).toHaveLength(0);
  });
});

describe('account notices', () => {
  it('tell a player, subscribed or not, that a bonus started and that it became cash', async () => {
    const bob = await player({ promos: false });
    const bonuses = t.croupier.modules.bonuses;
    // Issued and started in one step (as a deposit bonus or free-spin winnings are).
    const issued = await bonuses.issue(gift(bob.userId, { amount: 10_00n, wagerMultiplier: 1, defaultWeight: 100 }));
    await bonuses.activate(bob.userId, issued.id);
    await drainMails();
    expect(bob.mails().map((m) => m.subject)).toEqual(['Croupier: Your bonus is active']);
    expect(bob.mails()[0]!.text).toContain(
      'To turn it into cash, bets counting €10.00 must be placed by 29 November 2026',
    );
    // Notices carry no promotional footer.
    expect(bob.mails()[0]!.text).not.toContain('subscriptions');

    // Wagered in full with a bet of the bonus money and its win: the bonus converts.
    const token = await gameSession(t.database, bob.userId, 'EUR', TEST_PROVIDER, t.clock.now(), 60);
    const call = (action: string, body: Record<string, unknown>) =>
      walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, {
        user_id: String(bob.userId),
        currency: 'EUR',
        game: slot,
        round_id: 'mail-round-1',
        ...body,
      });
    expect((await call('bet', { session_token: token, transaction_id: 'mail-bet-1', amount: 10_00 })).status).toBe(200);
    expect((await call('win', { transaction_id: 'mail-win-1', amount: 12_00, round_closed: true })).status).toBe(200);
    await t.events.drain('bonuses.wagering');
    await drainMails();
    await drainMails();
    expect(bob.mails().map((m) => m.subject)).toEqual([
      'Croupier: Your bonus is active',
      'Croupier: Your bonus is now cash',
    ]);
    expect(bob.mails()[1]!.text).toContain('You finished wagering your bonus: €12.00 is now cash, yours to withdraw.');

    // A wager-free gift credited at once (as free-spin winnings without wagering are): one notice.
    const cash = await bonuses.issue(gift(bob.userId, { campaignId, amount: 5_00n, wagerMultiplier: 0 }));
    await bonuses.activate(bob.userId, cash.id);
    await drainMails();
    expect(bob.mails()).toHaveLength(3);
    expect(bob.mails()[2]!.text).toContain('Spring gift: €5.00 is now cash, yours to withdraw.');
  });
});

// Last in the file: it moves the shared test clock a day on.
describe('an old change', () => {
  it('is not mailed: a consumer new to a running casino reads the log from its start', async () => {
    const late = await player({ promos: true });
    await t.croupier.modules.bonuses.issue(gift(late.userId, { activationDays: 30 }));
    t.clock.advance(BONUS_MAIL_WINDOW_MS + 60_000);
    await drainMails();
    expect(late.mails()).toHaveLength(0);
    // A change inside the window still is.
    await t.croupier.modules.bonuses.issue(gift(late.userId, { activationDays: 30 }));
    await drainMails();
    expect(late.mails()).toHaveLength(1);
  });
});
