import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createVideoPokerModel, type VideoPokerState } from '@croupier/games/models/video-poker';
import { createSimulationRng } from '@croupier/games/rng';
import { createI18n } from '../../../i18n/create-i18n';
import { I18nProvider } from '../../../i18n/runtime';
import games from '../../../i18n/locales/en/games.json';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { GameSession } from '../../api/types';
import { GameApp } from '../../components/game-app';

afterEach(cleanup);

/**
 * This plays the client against the real model behind a minimal in-memory host (the games host
 * itself is covered in games-host.test.ts): the bet and the hold mask the client sends go through the
 * model's own `parseBet`/`open`/`act`, and the client renders the model's `view`.
 */
function renderAgainstModel() {
  const model = createVideoPokerModel('jacks-or-better');
  const rng = createSimulationRng(11);
  let state: VideoPokerState | null = null;
  let balance = 10_000;
  const actions: unknown[] = [];
  const described = model.describe();
  const session: GameSession = {
    token: 't',
    mode: 'demo',
    currency: 'FUN',
    balance_cents: balance,
    subunits_to_unit: 100,
    game: {
      slug: 'jacks-or-better',
      identifier: 'croupier-originals/jacks-or-better',
      title: 'Jacks or Better',
      provider: 'Croupier Originals',
      engine: 'video-poker',
      model: model.id,
      theme: { palette: ['#111', '#222', '#333'], symbol: '🃏', motif: 'grid' },
      rtp: 99.5439,
      hit_rate: 45.4565,
      max_multiplier: described.maxMultiplier,
      rules: described.rules,
    },
    bet_limits: { min_cents: 10, max_cents: 10_000, default_cents: 100, step_cents: 10 },
    fairness: { server_seed_hash: 'ab', client_seed: 'c', nonce: 0, previous: null },
    open_round: null,
  };
  const roundJson = (finished: boolean) => ({
    id: 1,
    status: finished ? 'finished' : 'open',
    stake_cents: state!.bet.amount,
    win_cents: finished ? state!.win : 0,
    view: model.view(state!, finished),
    shared_round_id: null,
    created_at: '',
    finished_at: null,
  });
  const api = createApiClient({
    timeoutMs: 1_000,
    fetch: async (path, init = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : null;
      let out: unknown;
      if (path === '/games-api/sessions') out = session;
      else if (path === '/games-api/rounds') {
        const bet = model.parseBet(body.bet, { min: 10, max: 10_000 });
        state = model.open(bet, rng).state;
        balance -= bet.amount;
        out = { round: roundJson(false), balance_cents: balance, fairness: session.fairness };
      } else {
        actions.push(body.action);
        const step = model.act!(state!, body.action, rng);
        state = step.state;
        balance += step.win;
        out = { round: roundJson(true), balance_cents: balance, fairness: session.fairness };
      }
      return new Response(JSON.stringify(out), { status: 200 });
    },
  });
  render(
    <ApiProvider client={api}>
      <I18nProvider i18n={createI18n('en', { games })}>
        <GameApp gameSlug="jacks-or-better" launchId="1" />
      </I18nProvider>
    </ApiProvider>,
  );
  return { actions, getState: () => state!, getBalance: () => balance };
}

describe('video poker client against the model', () => {
  it('deals, holds the toggled cards and draws once, settling the model’s win', async () => {
    const host = renderAgainstModel();
    fireEvent.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(screen.getByTestId('draw-button')).toBeInTheDocument());
    expect(screen.getByTestId('card-0').tagName).toBe('BUTTON');
    const dealt = host.getState().hand.slice();
    fireEvent.click(screen.getByTestId('card-0'));
    fireEvent.click(screen.getByTestId('card-3'));
    fireEvent.click(screen.getByTestId('card-3'));
    fireEvent.click(screen.getByTestId('card-4'));
    expect(screen.getByTestId('card-0')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('card-3')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('draw-button'));
    await waitFor(() => expect(screen.getByTestId('spin-button')).toBeInTheDocument());
    expect(host.actions).toEqual([{ type: 'draw', hold: 0b10001 }]);
    const final = host.getState();
    expect(final.hand[0]).toBe(dealt[0]);
    expect(final.hand[4]).toBe(dealt[4]);
    expect(screen.getByTestId('balance')).toHaveTextContent(`${(host.getBalance() / 100).toFixed(2)} FUN`);
    expect(screen.getByTestId('round-result')).toHaveTextContent(final.win > 0 ? 'You win' : 'No win.');
  });
});
