import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import games from '../../../i18n/locales/en/games.json';
import { I18nProvider } from '../../../i18n/runtime';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { GameSession, Round, SharedSnapshot } from '../../api/types';
import { GameApp } from '../../components/game-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOW = new Date().toISOString();
const session: GameSession = {
  token: 'tok-1',
  mode: 'real',
  currency: 'EUR',
  balance_cents: 900,
  subunits_to_unit: 100,
  game: {
    slug: 'rocket',
    identifier: 'turbo-games/rocket',
    title: 'Rocket',
    provider: 'turbo-games',
    engine: 'crash',
    model: 'crash',
    theme: { palette: ['#111111', '#222222', '#333333'], symbol: '🚀', motif: 'sky' },
    rtp: 97,
    hit_rate: 50,
    max_multiplier: 1_000_000,
    rules: {},
  },
  bet_limits: { min_cents: 10, max_cents: 500, default_cents: 100, step_cents: 10 },
  fairness: { server_seed_hash: 'ab'.repeat(32), client_seed: 'seed', nonce: 0, previous: null },
  open_round: null,
};

const bet = (status: Round['status'], win = 0): Round => ({
  id: 7,
  status,
  stake_cents: 100,
  win_cents: win,
  view: { bet: { amount: 100, auto_cashout: null } },
  shared_round_id: 5,
  created_at: NOW,
  finished_at: status === 'finished' ? NOW : null,
});

/** Round 5 of Rocket in flight, with the player's bet in it. */
const flying: SharedSnapshot = {
  current: {
    game: 'rocket',
    round_id: 5,
    phase: 'running',
    server_seed_hash: 'cd'.repeat(32),
    started_at: NOW,
    server_time: NOW,
  },
  history: [],
};

function renderRocket() {
  const api = createApiClient({
    timeoutMs: 1_000,
    fetch: async (path, init = {}) => {
      const answer =
        path === '/games-api/sessions'
          ? { ...session, open_round: bet('open') }
          : path === '/games-api/shared/rocket'
            ? flying
            : path === '/games-api/rounds/7/actions' && init.method === 'POST'
              ? { round: bet('finished', 150), balance_cents: 1_050, fairness: null }
              : null;
      return new Response(JSON.stringify(answer ?? { code: 'not_found' }), {
        status: answer ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  render(
    <ApiProvider client={api}>
      <I18nProvider i18n={createI18n('en', { games })}>
        <GameApp gameSlug="rocket" launchId="201" />
      </I18nProvider>
    </ApiProvider>,
  );
}

describe('Rocket', () => {
  it('stops saying "Bet placed" once the bet is cashed out, and keeps room for every label of its buttons', async () => {
    renderRocket();
    const betButton = await screen.findByTestId('spin-button');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bet placed' })).toBe(betButton));
    // The other labels hold the width, invisible and out of the accessibility tree.
    const room = [...betButton.querySelectorAll('.gc-reserved__room')].map((el) => el.textContent);
    expect(room).toEqual(['Bet placed', 'Bet', 'Wait for the next round']);
    betButton.querySelectorAll('.gc-reserved__room').forEach((el) => expect(el).toHaveAttribute('aria-hidden', 'true'));

    const cashout = screen.getByTestId('cashout-button');
    await waitFor(() => expect(cashout).toBeEnabled());
    fireEvent.click(cashout);
    await waitFor(() => expect(screen.getByTestId('round-result')).toHaveTextContent('Cashed out: you win €1.50.'));
    expect(screen.getByRole('button', { name: 'Wait for the next round' })).toBe(betButton);
    expect(betButton).toBeDisabled();
  });
});
