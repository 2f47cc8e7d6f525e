import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../components/toast/toast-store';
import { bonusKeys } from '../api/query-keys';
import { bonus } from '../testing/fixtures';
import { renderBonuses, settle } from '../testing/render-bonuses';
import { BonusesListener } from './bonuses-listener';

afterEach(() => {
  cleanup();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

async function mount() {
  const view = renderBonuses(<BonusesListener enabled />, { api: { get: vi.fn(async () => []) } as never });
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
