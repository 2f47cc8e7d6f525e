import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { I18nProvider } from '../../i18n/runtime';
import games from '../../i18n/locales/en/games.json';
import { createApiClient } from '../../lib/api-client';
import { ApiProvider } from '../../lib/api-context';
import type { GameSession } from '../api/types';
import { GameApp } from './game-app';

const session: GameSession = {
  token: 'tok-1',
  mode: 'demo',
  currency: 'FUN',
  balance_cents: 1_000,
  subunits_to_unit: 100,
  game: {
    slug: 'gem-mines',
    identifier: 'croupier-originals/gem-mines',
    title: 'Gem Mines',
    provider: 'croupier-originals',
    engine: 'mines',
    model: 'mines',
    theme: { palette: ['#111111', '#222222', '#333333'], symbol: '💎', motif: 'grid' },
    rtp: 99,
    hit_rate: 50,
    max_multiplier: 5000,
    rules: { tiles: 25, minMines: 1, maxMines: 24 },
  },
  bet_limits: { min_cents: 10, max_cents: 500, default_cents: 100, step_cents: 10 },
  fairness: { server_seed_hash: 'ab'.repeat(32), client_seed: 'seed', nonce: 0, previous: null },
  open_round: null,
};

type Handler = (path: string, init: RequestInit) => { status: number; body: unknown };

function renderGame(handler: Handler) {
  const calls: { path: string; init: RequestInit }[] = [];
  const api = createApiClient({
    timeoutMs: 1_000,
    fetch: async (path, init = {}) => {
      calls.push({ path, init });
      const { status, body } = handler(path, init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  render(
    <ApiProvider client={api}>
      <I18nProvider i18n={createI18n('en', { games })}>
        <GameApp gameSlug="gem-mines" launchId="101" />
      </I18nProvider>
    </ApiProvider>,
  );
  return calls;
}

const round = (status: 'open' | 'finished', view: unknown, win = 0) => ({
  id: 7,
  status,
  stake_cents: 100,
  win_cents: win,
  view,
  shared_round_id: null,
  created_at: '2026-11-23T10:00:00Z',
  finished_at: status === 'finished' ? '2026-11-23T10:00:05Z' : null,
});

/** A mines round as the model's `view` shows it (packages/games/src/models/mines.ts). */
const minesView = (over: Record<string, unknown>) => ({
  bet: { amount: 100, mines: 3 },
  revealed: [],
  hit: null,
  cashedOut: false,
  multiplier: 100,
  win: 0,
  mines: null,
  nextMultiplier: 113,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('GameApp against the games host contract', () => {
  it('launches, bets with the session token and shows the balance the host reports', async () => {
    const calls = renderGame((path, init) => {
      if (path === '/games-api/sessions') return { status: 200, body: session };
      if (path === '/games-api/rounds' && init.method === 'POST')
        return {
          status: 200,
          body: {
            round: round('open', minesView({ revealed: [] })),
            balance_cents: 900,
            fairness: { ...session.fairness, nonce: 1 },
          },
        };
      if (path === '/games-api/rounds/7/actions')
        return {
          status: 200,
          body: {
            round: round(
              'finished',
              minesView({
                revealed: [4],
                mines: [0, 1, 2],
                multiplier: 113,
                cashedOut: true,
                win: 113,
                nextMultiplier: null,
              }),
              113,
            ),
            balance_cents: 1_013,
            fairness: { ...session.fairness, nonce: 1 },
          },
        };
      return { status: 404, body: { code: 'not_found' } };
    });
    expect(await screen.findByTestId('balance')).toHaveTextContent('10.00 FUN');
    expect(screen.getByTestId('demo-badge')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ game: 'gem-mines', id: '101' });

    fireEvent.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('9.00 FUN'));
    const bet = calls.find((c) => c.path === '/games-api/rounds')!;
    expect(JSON.parse(String(bet.init.body))).toEqual({ bet: { amount: 100, mines: 3 } });
    const headers = bet.init.headers as Record<string, string>;
    expect(headers['x-game-session']).toBe('tok-1');
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');

    fireEvent.click(screen.getByTestId('tile-4'));
    await waitFor(() => expect(screen.getByTestId('round-result')).toHaveTextContent('You win 1.13 FUN'));
    expect(screen.getByTestId('balance')).toHaveTextContent('10.13 FUN');
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({ action: { type: 'reveal', tile: 4 } });
  });

  it('shows insufficient funds with the balance from the refusal', async () => {
    renderGame((path) => {
      if (path === '/games-api/sessions') return { status: 200, body: session };
      return { status: 422, body: { code: 'insufficient_funds', error: 'Insufficient funds', balance_cents: 40 } };
    });
    fireEvent.click(await screen.findByTestId('spin-button'));
    const error = await screen.findByTestId('game-error');
    expect(error).toHaveTextContent('Not enough funds for this bet. Your balance is 0.40 FUN.');
    expect(screen.getByTestId('balance')).toHaveTextContent('0.40 FUN');
  });

  it('shows a win refused at the balance limit as void and reloads the balance with the stake back', async () => {
    const voided = { ...round('finished', minesView({ revealed: [4], cashedOut: true })), status: 'void' };
    renderGame((path, init) => {
      if (path === '/games-api/sessions')
        return { status: 200, body: { ...session, open_round: round('open', minesView({ revealed: [4] })) } };
      if (path === '/games-api/rounds/7/actions' && init.method === 'POST')
        return { status: 422, body: { code: 'balance_limit', error: 'x', round_id: 7, round: voided } };
      if (path === '/games-api/rounds/7') return { status: 200, body: { round: voided, balance_cents: 1_100 } };
      return { status: 404, body: { code: 'not_found' } };
    });
    fireEvent.click(await screen.findByTestId('cashout-button'));
    const error = await screen.findByTestId('game-error');
    expect(error).toHaveAttribute('data-code', 'balance_limit');
    expect(error).toHaveTextContent('Your stake has been returned and the round is void.');
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('11.00 FUN'));
  });

  it('says an unconfirmed win is paid later and relaunches the game to pay it', async () => {
    let launches = 0;
    renderGame((path, init) => {
      if (path === '/games-api/sessions') {
        launches += 1;
        return {
          status: 200,
          body:
            launches === 1
              ? { ...session, open_round: round('open', minesView({ revealed: [4] })) }
              : { ...session, balance_cents: 1_113 },
        };
      }
      if (path === '/games-api/rounds/7/actions' && init.method === 'POST')
        return {
          status: 503,
          body: {
            code: 'wallet_unavailable',
            error: 'x',
            round_id: 7,
            round: round('open', minesView({ revealed: [4], cashedOut: true, win: 113 })),
          },
        };
      return { status: 404, body: { code: 'not_found' } };
    });
    fireEvent.click(await screen.findByTestId('cashout-button'));
    const error = await screen.findByTestId('game-error');
    expect(error).toHaveAttribute('data-code', 'wallet_unavailable');
    expect(error).toHaveTextContent('Your win is recorded');
    fireEvent.click(screen.getByRole('button', { name: 'Restart the game' }));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('11.13 FUN'));
    expect(launches).toBe(2);
  });

  it('asks a guest to sign in in the top window when real play needs a login', async () => {
    renderGame(() => ({ status: 401, body: { code: 'login_required', error: 'Login required' } }));
    const error = await screen.findByTestId('game-error');
    expect(error).toHaveAttribute('data-code', 'login_required');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('target', '_top');
  });

  it('starts a bet with the space key but not while typing the amount', async () => {
    const calls = renderGame((path) => {
      if (path === '/games-api/sessions') return { status: 200, body: session };
      return {
        status: 200,
        body: { round: round('open', minesView({ revealed: [] })), balance_cents: 900, fairness: session.fairness },
      };
    });
    const input = await screen.findByTestId('bet-amount');
    await act(async () => {
      fireEvent.keyDown(input, { key: ' ' });
    });
    expect(calls.some((c) => c.path === '/games-api/rounds')).toBe(false);
    await act(async () => {
      fireEvent.keyDown(document.body, { key: ' ' });
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/games-api/rounds')).toBe(true));
  });
});
