import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlotModel } from '@croupier/games/models/slots';
import { createSimulationRng } from '@croupier/games/rng';
import type { FreespinPack, PlayerBonus } from '@croupier/shared/api/bonuses';
import { createI18n } from '../../../i18n/create-i18n';
import { I18nProvider } from '../../../i18n/runtime';
import games from '../../../i18n/locales/en/games.json';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { FakeSocket } from '../../../lib/realtime/fake-socket';
import { RealtimeClient } from '../../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../../lib/realtime/realtime-provider';
import { testBonus, testPack } from '../../../testing/bonuses';
import type { GameSession } from '../../api/types';
import { GameApp } from '../../components/game-app';

const GAME = 'croupier/fruit-party';
const model = createSlotModel('slot-high');

const session: GameSession = {
  token: 'tok-real',
  mode: 'real',
  currency: 'EUR',
  balance_cents: 10_000,
  subunits_to_unit: 100,
  game: {
    slug: 'fruit-party',
    identifier: GAME,
    title: 'Fruit Party',
    provider: 'Croupier',
    engine: 'slot-high',
    model: 'slot-high',
    theme: { palette: ['#152047', '#273191', '#efd23e'], symbol: 'bolt', motif: 'diamonds' },
    rtp: 96,
    hit_rate: 30,
    max_multiplier: model.describe().maxMultiplier,
    rules: model.describe().rules,
  },
  bet_limits: { min_cents: 10, max_cents: 10_000, default_cents: 1_000, step_cents: 10 },
  fairness: { server_seed_hash: 'ab', client_seed: 'c', nonce: 0, previous: null },
  open_round: null,
};

const pack = (over: Partial<FreespinPack> = {}) =>
  testPack({ title: '20 free spins', freespins_performed: 18, provider: 'Croupier', win_cents: 300, ...over });

const bonus = (over: Partial<PlayerBonus> = {}) =>
  testBonus({
    amount_wager_requirement_cents: 350_000,
    amount_wager_cents: 0,
    valid_until: '2027-03-31T10:00:00Z',
    ...over,
  });

/** One settled spin of the slot at the pack's stake, as the host stores a free spin (stake 0). */
function spinRound(id: number, seed: number) {
  const step = model.open({ amount: 20 }, createSimulationRng(seed));
  return {
    round: {
      id,
      status: 'finished' as const,
      stake_cents: 0,
      win_cents: step.win,
      view: step.state,
      shared_round_id: null,
      created_at: '2027-03-02T10:00:00Z',
      finished_at: '2027-03-02T10:00:00Z',
    },
    win: step.win,
  };
}

type Handler = (path: string, init: RequestInit) => { status: number; body: unknown } | undefined;

function renderReal(handler: Handler) {
  const calls: { path: string; init: RequestInit }[] = [];
  const api = createApiClient({
    timeoutMs: 1_000,
    fetch: async (path, init = {}) => {
      calls.push({ path, init });
      const answer = path === '/games-api/sessions' ? { status: 200, body: session } : handler(path, init);
      const { status, body } = answer ?? { status: 404, body: { code: 'not_found', error: path } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  const socket = new FakeSocket();
  const client = new RealtimeClient(async () => socket);
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <I18nProvider i18n={createI18n('en', { games })}>
          <RealtimeProvider client={client}>
            <GameApp gameSlug="fruit-party" launchId="7" />
          </RealtimeProvider>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  const push = (channel: string, data: unknown) => act(() => socket.receive(channel, data));
  return { calls, push, socket };
}

beforeEach(() => {
  // Reduced motion: the reels show a round's outcome at once.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('free spins in the slot frame (docs/bonuses.md#free-spin-packs-codes)', () => {
  it('plays the pack spin by spin from its own button and says what the last spin left as a bonus', async () => {
    const first = spinRound(41, 1);
    const last = spinRound(42, 2);
    const total = 300 + first.win + last.win;
    let performed = 18;
    const { calls } = renderReal((path, init) => {
      if (path === '/api/player/freespins')
        return {
          status: 200,
          body: [pack({ id: 3, games: ['croupier/other-slot'] }), pack({ freespins_performed: performed })],
        };
      if (path.startsWith('/api/player/bonuses/wagering')) return { status: 200, body: { bonus: null, game: null } };
      if (path === '/games-api/rounds' && init.method === 'POST') {
        performed += 1;
        const spun = performed === 19 ? first : last;
        return {
          status: 200,
          body: {
            round: spun.round,
            balance_cents: performed === 20 ? 10_000 + total : 10_000,
            fairness: { ...session.fairness, nonce: performed },
            freespins: {
              id: 9,
              freespins_total: 20,
              freespins_performed: performed,
              win_cents: performed === 20 ? total : 300 + first.win,
              stage: performed === 20 ? 'finished' : 'handle_bets',
              winnings_bonus_id: performed === 20 ? 6 : null,
            },
          },
        };
      }
      if (path === '/api/player/bonuses')
        return {
          status: 200,
          body: [
            bonus({ id: 5, kind: 'freespins', type: 'fs', amount_cents: total + 1 }),
            bonus({
              id: 6,
              kind: 'freespins',
              type: 'fs',
              amount_cents: total,
              amount_wager_requirement_cents: total * 30,
              max_bet_cents: null,
            }),
          ],
        };
      return undefined;
    });

    const button = await screen.findByRole('button', { name: 'Play a free spin (2 of 20 left)' });
    expect(button).toHaveAccessibleDescription('€0.20 a spin, paid by the casino');
    // The session's token signs the spin; the pack, not a bet, says what is staked.
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play a free spin (1 of 20 left)' })).toBeEnabled());
    const spin = calls.find((c) => c.path === '/games-api/rounds')!;
    expect(JSON.parse(String(spin.init.body))).toEqual({ bet: null, freespin_pack_id: 9 });
    expect((spin.init.headers as Record<string, string>)['x-game-session']).toBe('tok-real');
    // The reels show the free spin like any spin.
    const cells = screen.getByTestId('reels').querySelectorAll('.gc-sym');
    const shown = (first.round.view as { spins: { window: number[][] }[] }).spins.at(-1)!.window;
    expect(cells[0]!.getAttribute('data-symbol')).toBe(String(shown[0]![0]));
    expect(screen.getByTestId('freespins-outcome')).toHaveTextContent('');

    const lastButton = screen.getByRole('button', { name: 'Play a free spin (1 of 20 left)' });
    lastButton.focus();
    fireEvent.click(lastButton);
    await waitFor(() =>
      expect(screen.getByTestId('freespins-outcome')).toHaveTextContent(
        `Your free spins won €${(total / 100).toFixed(2)}: it is now a bonus to wager ×30.`,
      ),
    );
    // The pack is over: its button goes, the normal spin stays.
    expect(screen.queryByTestId('freespin-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('spin-button')).toBeEnabled();
    // The keyboard that played it lands on the spin button.
    await waitFor(() => expect(screen.getByTestId('spin-button')).toHaveFocus());
    expect(calls.filter((c) => c.path === '/games-api/rounds')).toHaveLength(2);
  });

  it('shows a pack activated elsewhere from its push, and reads the packs again after a refusal', async () => {
    let packs: FreespinPack[] = [];
    const { calls, push, socket } = renderReal((path, init) => {
      if (path === '/api/player/freespins') return { status: 200, body: packs };
      if (path.startsWith('/api/player/bonuses/wagering')) return { status: 200, body: { bonus: null, game: null } };
      if (path === '/games-api/rounds' && init.method === 'POST')
        return { status: 409, body: { code: 'freespins_used', error: 'No free spins are left in this pack' } };
      return undefined;
    });
    const reads = () => calls.filter((c) => c.path === '/api/player/freespins').length;
    await screen.findByTestId('reels');
    // Once connected, only a reload reads the packs again (a read on connection has been sent by then).
    await waitFor(() => expect(socket.connected).toBe(true));
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    expect(screen.queryByTestId('freespin-button')).not.toBeInTheDocument();

    packs = [pack({ freespins_performed: 0 })];
    push('freespins_changes', packs[0]);
    const button = await screen.findByRole('button', { name: 'Play a free spin (20 of 20 left)' });
    // Meanwhile another tab played them all.
    packs = [];
    const before = reads();
    fireEvent.click(button);
    expect(await screen.findByTestId('game-error')).toHaveTextContent('No free spins are left in this pack.');
    await waitFor(() => expect(reads()).toBe(before + 1));
    await waitFor(() => expect(screen.queryByTestId('freespin-button')).not.toBeInTheDocument());
  });

  it('keeps the stake under the bonus max bet with its reason, and lets it go when the bonus ends', async () => {
    let wagered: PlayerBonus | null = bonus();
    const { calls, push, socket } = renderReal((path) => {
      if (path === '/api/player/freespins') return { status: 200, body: [] };
      if (path === `/api/player/bonuses/wagering?game=${encodeURIComponent(GAME)}`)
        return {
          status: 200,
          body: { bonus: wagered, game: { identifier: GAME, weight_percent: 100, excluded: false } },
        };
      return undefined;
    });
    const reads = () => calls.filter((c) => c.path.startsWith('/api/player/bonuses/wagering')).length;
    // The session's default stake (€10.00) comes down to the bonus's €5.00.
    await waitFor(() => expect(screen.getByTestId('bet-amount')).toHaveValue('5.00'));
    await waitFor(() => expect(socket.connected).toBe(true));
    expect(screen.getByTestId('bonus-max-bet')).toHaveTextContent('Your bonus allows bets up to €5.00');
    expect(screen.getByTestId('bet-amount')).toHaveAccessibleDescription(
      'Min €0.10 · max €100.00 Your bonus allows bets up to €5.00',
    );
    expect(screen.getByRole('button', { name: 'Raise the bet' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Double the bet' }));
    expect(screen.getByTestId('bet-amount')).toHaveValue('5.00');
    fireEvent.change(screen.getByTestId('bet-amount'), { target: { value: '50' } });
    fireEvent.blur(screen.getByTestId('bet-amount'));
    expect(screen.getByTestId('bet-amount')).toHaveValue('5.00');

    // Another bonus's push changes nothing; this one's end lifts the cap and asks again.
    push('bonuses_changes', bonus({ id: 2, stage: 'canceled' }));
    expect(screen.getByTestId('bonus-max-bet')).toBeInTheDocument();
    wagered = null;
    const before = reads();
    push('bonuses_changes', bonus({ stage: 'wager_done' }));
    expect(screen.queryByTestId('bonus-max-bet')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Raise the bet' })).toBeEnabled();
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
