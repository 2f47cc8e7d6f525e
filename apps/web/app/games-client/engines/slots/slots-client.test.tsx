import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSlotModel } from '@croupier/games/models/slots';
import { GAME_SYMBOLS } from '@croupier/shared/game-symbols';
import { createI18n } from '../../../i18n/create-i18n';
import { I18nProvider } from '../../../i18n/runtime';
import games from '../../../i18n/locales/en/games.json';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { GameSession } from '../../api/types';
import { GameApp } from '../../components/game-app';
import { restingWindow, type SlotRules } from './slot-model';

afterEach(cleanup);

const EMOJI = /\p{Extended_Pictographic}/u;

function renderSlot(themeSymbol: string) {
  const described = createSlotModel('slot-high').describe();
  const session: GameSession = {
    token: 't',
    mode: 'demo',
    currency: 'FUN',
    balance_cents: 10_000,
    subunits_to_unit: 100,
    game: {
      slug: 'divine-pegasus',
      identifier: 'croupier-originals/divine-pegasus',
      title: 'Divine Pegasus',
      provider: 'Croupier Originals',
      engine: 'slot-high',
      model: 'slot-high',
      theme: { palette: ['#152047', '#273191', '#efd23e'], symbol: themeSymbol, motif: 'diamonds' },
      rtp: 96,
      hit_rate: 30,
      max_multiplier: described.maxMultiplier,
      rules: described.rules,
    },
    bet_limits: { min_cents: 10, max_cents: 10_000, default_cents: 100, step_cents: 10 },
    fairness: { server_seed_hash: 'ab', client_seed: 'c', nonce: 0, previous: null },
    open_round: null,
  };
  const api = createApiClient({
    timeoutMs: 1_000,
    fetch: async () =>
      new Response(JSON.stringify(session), { status: 200, headers: { 'content-type': 'application/json' } }),
  });
  const view = render(
    <ApiProvider client={api}>
      <I18nProvider i18n={createI18n('en', { games })}>
        <GameApp gameSlug="divine-pegasus" launchId="1" />
      </I18nProvider>
    </ApiProvider>,
  );
  return { ...view, rules: described.rules as SlotRules };
}

describe('slot client', () => {
  it('shows its reels at rest before the first spin, drawn with our symbols and named in words', async () => {
    const { container, rules } = renderSlot('bolt');
    const reels = await screen.findByTestId('reels');
    const resting = restingWindow(rules);
    // Every cell shows the symbol of the resting window, none is empty.
    const cells = reels.querySelectorAll('.gc-sym');
    expect(cells).toHaveLength(15);
    cells.forEach((cell, i) => {
      expect(cell.getAttribute('data-symbol')).toBe(String(resting[Math.floor(i / 3)]![i % 3]));
      expect(cell.childElementCount).toBe(1);
    });
    // The title's own symbol is the scatter, drawn as our SVG.
    const scatter = reels.querySelector('.gc-sym--scatter svg');
    expect(scatter?.querySelector('path')?.getAttribute('d')).toBe(/ d="([^"]+)"/.exec(GAME_SYMBOLS.bolt.svg)![1]);
    // The text alternative names the symbols, reel by reel.
    expect(reels).toHaveAccessibleName(/^Reels: .*Lightning bolt/);
    expect(reels.getAttribute('aria-label')).not.toMatch(EMOJI);
    // Nothing on screen needs an emoji font.
    expect(container.textContent).not.toMatch(EMOJI);
  });

  it('names every paying symbol in the paytable', async () => {
    renderSlot('bolt');
    fireEvent.click(await screen.findByTestId('info-button'));
    const paytable = screen.getByTestId('paytable');
    for (const name of ['Temple', 'Vase', 'Trident', 'Crown', 'Wild', 'A', 'K']) {
      expect(within(paytable).getByRole('rowheader', { name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('info-panel')).toHaveTextContent('20 paylines');
  });

  it('dresses an operator title whose symbol we have not drawn with the default set, never the raw symbol', async () => {
    const { container } = renderSlot('🎰');
    const reels = await screen.findByTestId('reels');
    expect(reels.querySelectorAll('.gc-sym svg').length).toBeGreaterThan(0);
    expect(container.textContent).not.toMatch(EMOJI);
  });

  it('has a name for every drawn symbol (the other locales must match English: i18n completeness)', () => {
    const names = games.symbols as Record<string, string>;
    expect(Object.keys(names).sort()).toEqual(Object.keys(GAME_SYMBOLS).sort());
  });
});
