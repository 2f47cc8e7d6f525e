import type { EventConsumer } from '../../events/event-log.ts';
import { winnerItem } from '../games-host/index.ts';
import type { CatalogueCache } from './catalogue.cache.ts';
import { winStakeAndNickname } from './games.repository.ts';

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
      // A round closed with nothing won (most slot rounds) is never above its stakes: no lookup.
      if (event.userId === null || win.game === null || win.amount <= 0) return;
      const game = (await catalogue.get()).byIdentifier.get(win.game);
      if (!game) return;
      const { stake, nickname } = await winStakeAndNickname(tx, {
        provider: win.provider,
        roundId: win.round_id,
        userId: event.userId,
      });
      if (BigInt(win.amount) <= stake) return;
      const item = winnerItem({
        at: event.createdAt,
        stake,
        win: BigInt(win.amount),
        currency: win.currency,
        identifier: game.identifier,
        title: game.title,
        nickname,
        userId: event.userId,
      });
      return () => publish(item);
    },
  };
}
