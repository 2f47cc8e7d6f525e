import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../components/toast/toast-store';
import type { PlayerBonus } from '../api/get-bonuses';
import { bonusKeys } from '../api/query-keys';
import { bonus, cashbackBonus } from '../testing/fixtures';
import { renderBonuses, settle } from '../testing/render-bonuses';
import { BonusesListener } from './bonuses-listener';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

/** Where the router is: the listener opens the cashback popup by navigating. */
function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

async function mount({ list = [], popupOpen = false }: { list?: PlayerBonus[]; popupOpen?: boolean } = {}) {
  const get = vi.fn(async (path: string) => (path === '/api/player/bonuses' ? list : []));
  const view = renderBonuses(
    <>
      <BonusesListener enabled popupOpen={popupOpen} />
      <Where />
    </>,
    { api: { get } as never, url: '/pokies/all' },
  );
  await settle();
  view.queryClient.setQueryData(bonusKeys.list, []);
  view.queryClient.setQueryData(bonusKeys.freespins, []);
  return view;
}

const texts = () => toasts.getState().map((toast) => toast.text);

describe('the bonus pushes of the layout (docs/bonuses.md#the-calls)', () => {
  it('announces a new gift once, linked to the gifts page, and reloads the gifts', async () => {
    const { push, queryClient } = await mount();
    push('bonuses_changes', bonus({ id: 4, stage: 'issued', title: 'Registration gift' }));
    expect(texts()).toEqual(['You have a new gift: Registration gift']);
    expect(toasts.getState()[0]).toMatchObject({ type: 'success', url: '/users/gifts' });
    expect(queryClient.getQueryState(bonusKeys.list)?.isInvalidated).toBe(true);
    push('bonuses_changes', bonus({ id: 4, stage: 'issued', title: 'Registration gift' }));
    expect(toasts.getState()).toHaveLength(1);
  });

  it('shows the wager-free toast for converted money from the currency’s minimum, not below it', async () => {
    const { push } = await mount();
    push('bonuses_changes', bonus({ id: 5, stage: 'wager_done', converted_cents: 499 }));
    push('bonuses_changes', bonus({ id: 6, stage: 'wager_done', currency: 'CAD', converted_cents: 700 }));
    expect(texts()).toEqual([]);
    push('bonuses_changes', bonus({ id: 7, stage: 'wager_done', converted_cents: 7_000 }));
    push(
      'bonuses_changes',
      bonus({ id: 8, stage: 'finished', kind: 'cashback', amount_cents: 1_000, currency: 'CAD' }),
    );
    expect(texts()).toEqual(['€70.00 is now yours to withdraw.', 'CA$10.00 is now yours to withdraw.']);
  });

  it('says nothing for a bet counted or a bonus cancelled, and reloads the packs on their pushes', async () => {
    const { push, queryClient } = await mount();
    push('bonuses_changes', bonus({ amount_wager_cents: 9_000 }));
    push('bonuses_changes', bonus({ stage: 'canceled' }));
    expect(texts()).toEqual([]);
    expect(queryClient.getQueryState(bonusKeys.freespins)?.isInvalidated).toBe(false);
    push('freespins_changes', { id: 9 });
    await waitFor(() => expect(queryClient.getQueryState(bonusKeys.freespins)?.isInvalidated).toBe(true));
  });
});

describe('the cashback popup opening by itself (docs/bonuses.md#what-the-player-sees)', () => {
  const where = () => screen.getByTestId('where').textContent;

  it('opens on a pushed cashback, once per browser session, instead of the new-gift notice', async () => {
    const { push } = await mount();
    expect(where()).toBe('/pokies/all');
    push('bonuses_changes', cashbackBonus());
    expect(where()).toBe('/cashback/21');
    expect(texts()).toEqual([]);
    cleanup();

    // Another page load in the same session: the same bonus does not open it again.
    const again = await mount();
    again.push('bonuses_changes', cashbackBonus());
    expect(where()).toBe('/pokies/all');
  });

  it('opens for a cashback found among the gifts after sign-in (issued while the player was away)', async () => {
    await mount({
      list: [bonus(), cashbackBonus({ id: 23, stage: 'finished', status: 'used' }), cashbackBonus({ id: 22 })],
    });
    await waitFor(() => expect(where()).toBe('/cashback/22'));
  });

  it('announces it with a link instead over another popup', async () => {
    const { push } = await mount({ popupOpen: true });
    push('bonuses_changes', cashbackBonus({ id: 24 }));
    expect(where()).toBe('/pokies/all');
    expect(texts()).toEqual(['Your weekly cashback of €12.00 is ready to claim.']);
    expect(toasts.getState()[0]).toMatchObject({ url: '/cashback/24' });
  });
});
