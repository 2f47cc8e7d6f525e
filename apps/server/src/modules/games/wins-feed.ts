import { sql } from 'drizzle-orm';
import type { EventConsumer } from '../../events/event-log.ts';
import { winnerItem } from '../games-host/index.ts';
import { rows } from '../../db/sql.ts';
import type { CatalogueCache } from './catalogue.cache.ts';

export type WinnerItem = ReturnType<typeof winnerItem>;

interface WinPayload {
  provider: string;
  round_id: string;
  game: string | null;
  currency: string;
  amount: number;
}

/**
 * The public wins feed (`public:wins`) as a consumer of the event log: every paid win above its
 * round's stakes, from any provider on the wallet protocol, becomes one feed item. The push itself
 * is after commit (realtime is a fast path); the log guarantees no win is skipped or announced
 * twice by a crash between the payment and the push.
 */
export function winsFeedConsumer(catalogue: CatalogueCache, publish: (item: WinnerItem) => void): EventConsumer {
  return {
    name: 'games.wins-feed',
    types: ['wallet.win'],
    async handle(tx, event) {
      const win = event.payload as unknown as WinPayload;
      if (event.userId === null || win.game === null) return;
      const game = (await catalogue.get()).byIdentifier.get(win.game);
      if (!game) return;
      const [round] = await rows<{ stake: string; nickname: string | null }>(
        tx,
        sql`SELECT (SELECT coalesce(sum(amount), 0)::text FROM wallet_requests
                    WHERE provider = ${win.provider} AND round_id = ${win.round_id} AND user_id = ${event.userId}
                      AND action = 'bet' AND status = 'ok') AS stake,
                   (SELECT nickname FROM users WHERE id = ${event.userId}) AS nickname`,
      );
      const stake = BigInt(round!.stake);
      if (BigInt(win.amount) <= stake) return;
      const item = winnerItem({
        at: event.createdAt,
        stake,
        win: BigInt(win.amount),
        currency: win.currency,
        identifier: game.identifier,
        title: game.title,
        nickname: round!.nickname,
        userId: event.userId,
      });
      return () => publish(item);
    },
  };
}
