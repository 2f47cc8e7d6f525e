import { notFound } from '../../lib/errors.ts';
import { latestBigWins, playerRound, playerRoundsPage, type HistoryRow } from './games-host.repository.ts';
import type { GamesHost } from './host.ts';
import { modelFor } from './models.ts';

/** The parsed `GameHistoryQuerySchema`. */
export interface GameHistoryQuery {
  page: number;
  per_page: number;
  game?: string | undefined;
  currency?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Seeds are shown only once revealed: the active server seed never leaves the server (G6 c). */
function fairnessOf(r: HistoryRow) {
  if (r.shared_round_id !== null) {
    return {
      server_seed_hash: r.shared_seed_hash!,
      server_seed: r.shared_phase === 'ended' ? r.shared_seed : null,
      client_seed: r.seo_title,
      nonce: Number(r.shared_round_id),
    };
  }
  if (r.seed_id === null) return null;
  return {
    server_seed_hash: r.server_seed_hash!,
    server_seed: r.seed_active ? null : r.server_seed,
    client_seed: r.client_seed!,
    nonce: Number(r.nonce),
  };
}

/** What the player needs to verify one of their real-money rounds. */
export async function roundVerification(host: GamesHost, userId: number, roundId: number) {
  const r = await playerRound(host.deps.db, userId, roundId);
  if (!r) throw notFound('round_not_found', 'Round not found');
  const game = (await host.deps.catalogue.get()).byId.get(r.game_id);
  const model = game ? modelFor(game) : null;
  const finished = r.status !== 'open';
  const fairness = fairnessOf(r);
  return {
    round_id: Number(r.id),
    game: { identifier: r.identifier, title: r.title, engine: r.engine, model: r.model },
    ...fairness,
    bet: r.bet,
    actions: r.actions,
    outcome: r.shared_round_id !== null ? r.state : model ? model.view(r.state, finished) : r.state,
    status: finished ? 'finished' : 'open',
    win_cents: Number(r.win),
    stake_cents: Number(r.stake),
    currency: r.currency,
  };
}

/** One page of the player's game history, and how many rounds match in all. */
export async function gameHistory(host: GamesHost, userId: number, q: GameHistoryQuery) {
  const { rows, total } = await playerRoundsPage(
    host.deps.db,
    userId,
    {
      game: q.game,
      currency: q.currency,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    },
    { page: q.page, perPage: q.per_page },
  );
  const items = rows.map((r) => {
    const stake = Number(r.stake);
    const win = Number(r.win);
    const open = r.status === 'open';
    return {
      bet_id: Number(r.id),
      bet_status: open ? 'pending' : win > 0 ? 'won' : 'lost',
      created_at: new Date(r.created_at).toISOString(),
      finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
      currency: r.currency,
      provider: r.provider_title,
      game: r.identifier,
      title: r.title,
      total_bets: stake,
      total_wins: win,
      total_losses: open ? 0 : Math.max(0, stake - win),
      balance_after_cents: r.balance_after === null ? null : Number(r.balance_after),
      round: { id: Number(r.id), fairness: fairnessOf(r) },
    };
  });
  return { items, total };
}

export async function latestWinners(host: GamesHost) {
  const found = await latestBigWins(host.deps.db);
  return found.map((r) =>
    winnerItem({
      at: new Date(r.finished_at),
      stake: BigInt(r.stake),
      win: BigInt(r.win),
      currency: r.currency,
      identifier: r.identifier,
      title: r.title,
      nickname: r.nickname,
      userId: Number(r.user_id),
    }),
  );
}

function mask(nickname: string | null, userId: number): string {
  if (!nickname) return `Player ***${String(userId).slice(-2)}`;
  return `${nickname.slice(0, Math.min(3, Math.max(1, nickname.length - 2)))}***`;
}

/** One `public:wins` / winners-feed item (docs/api-shapes.md#jackpots-and-winners). */
export function winnerItem(w: {
  at: Date;
  stake: bigint;
  win: bigint;
  currency: string;
  identifier: string;
  title: string;
  nickname: string | null;
  userId: number;
}) {
  return {
    at: Math.floor(w.at.getTime() / 1000),
    bet_amount_cents: Number(w.stake),
    win_amount_cents: Number(w.win),
    currency: w.currency,
    game_identifier: w.identifier,
    game_title: w.title,
    game_table_image_path: null,
    game_table_url: `/play/${w.identifier}`,
    humanized_win: null,
    nickname: mask(w.nickname, w.userId),
  };
}
