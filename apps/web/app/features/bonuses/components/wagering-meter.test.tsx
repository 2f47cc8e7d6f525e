import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WageringResponse } from '../api/get-wagering';
import { bonus } from '../testing/fixtures';
import { renderBonuses, settle } from '../testing/render-bonuses';
import { WageringMeter } from './wagering-meter';

beforeEach(() => {
  // Only the clock moves: promises and timers stay real. 12 days before the bonus's `valid_until`.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const GAME = { identifier: 'croupier/fruit-party', weight_percent: 100, excluded: false };

function mount(answer: () => WageringResponse, variant: 'full' | 'compact' = 'full') {
  const get = vi.fn(async (path: string) => {
    expect(path).toBe(
      variant === 'full' ? '/api/player/bonuses/wagering?game=croupier%2Ffruit-party' : '/api/player/bonuses/wagering',
    );
    return answer();
  });
  const view = renderBonuses(
    <WageringMeter
      game={variant === 'full' ? GAME.identifier : null}
      currency="EUR"
      locale="en"
      variant={variant}
      enabled
    />,
    { api: { get } as never },
  );
  return { ...view, get };
}

const text = () => screen.getByTestId('wagering-meter').textContent;

describe('the wagering meter (docs/bonuses.md#what-the-player-sees)', () => {
  it('says what is wagered, how much the game counts, the max bet and the days left, and moves with every push', async () => {
    const { push, get } = mount(() => ({ bonus: bonus(), game: GAME }));
    await waitFor(() =>
      expect(text()).toBe('€34.50 of €350.00 wagered · this game counts 100% · max bet €5.00 · 12 days left'),
    );
    expect(screen.getByRole('progressbar', { name: 'Bonus wagering' })).toHaveAttribute('value', '3450');
    await settle();
    const reads = get.mock.calls.length;

    // A bet counted: the push carries the bonus with its new counter, no request is made.
    push('bonuses_changes', bonus({ amount_wager_cents: 5_000 }));
    await waitFor(() =>
      expect(text()).toBe('€50.00 of €350.00 wagered · this game counts 100% · max bet €5.00 · 12 days left'),
    );
    // A bonus of another wallet does not take the meter over.
    // (Had it, the next push of this wallet's bonus would be the one ignored.)
    push('bonuses_changes', bonus({ id: 2, currency: 'USD', amount_wager_cents: 1 }));
    push('bonuses_changes', bonus({ amount_wager_cents: 6_000 }));
    await waitFor(() => expect(text()).toContain('€60.00 of €350.00 wagered'));
    expect(get).toHaveBeenCalledTimes(reads);
  });

  it('empties once the bonus is converted, and reads again for a bonus promoted in its place', async () => {
    let answer: WageringResponse = { bonus: bonus(), game: GAME };
    const { push, get } = mount(() => answer);
    await waitFor(() => expect(text()).toContain('€34.50 of €350.00 wagered'));
    await settle();
    const reads = get.mock.calls.length;

    answer = { bonus: bonus({ id: 2, amount_wager_cents: 0, title: 'Reload' }), game: GAME };
    push('bonuses_changes', bonus({ stage: 'wager_done', amount_wager_cents: 35_000, converted_cents: 10_000 }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(reads + 1));
    await waitFor(() => expect(text()).toContain('€0.00 of €350.00 wagered'));
  });

  it('says a game that bonus money cannot play, and shows nothing without a bonus being wagered', async () => {
    const { unmount } = mount(() => ({ bonus: bonus(), game: { ...GAME, excluded: true } }));
    await waitFor(() => expect(text()).toContain("bonus money can't be played on this game"));
    unmount();

    mount(() => ({ bonus: null, game: GAME }));
    await settle();
    expect(screen.queryByTestId('wagering-meter')).not.toBeInTheDocument();
  });

  it('in the header, is a link to the gifts with the whole sentence as its name', async () => {
    mount(() => ({ bonus: bonus(), game: null }), 'compact');
    const link = await screen.findByRole('link', {
      name: 'Bonus wagering: €34.50 of €350.00 wagered · max bet €5.00 · 12 days left',
    });
    expect(link).toHaveAttribute('href', '/users/gifts');
    expect(link).toHaveTextContent('Wagering 9%');
  });
});
