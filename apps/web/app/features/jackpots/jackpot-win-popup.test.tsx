import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../components/modal/modal-host';
import { modals } from '../../components/modal/modals';
import { createI18n } from '../../i18n/create-i18n';
import common from '../../i18n/locales/en/common.json';
import game from '../../i18n/locales/en/game.json';
import { I18nProvider } from '../../i18n/runtime';
import { RealtimeProvider } from '../../lib/realtime';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { JACKPOT_WIN_MODAL, JackpotWinListener, parseJackpotWin } from './jackpot-win-popup';

/** A realtime client that lets the test publish on a channel. */
function fakeClient() {
  const handlers = new Map<string, (data: unknown) => void>();
  const client = {
    on: (channel: string, handler: (data: unknown) => void) => {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
    onResync: () => () => {},
    identityChanged: () => {},
  };
  return {
    client: client as unknown as RealtimeClient,
    publish: (channel: string, data: unknown) => handlers.get(channel)?.(data),
  };
}

const win = { jackpot: { id: 3, name: 'Mega Pot', level_name: 'Major', amount_cents: 1_234_567, currency: 'EUR' } };

afterEach(() => {
  modals.closeAll({ immediate: true });
  cleanup();
});

describe('jackpot win popup', () => {
  it('reads the payload and refuses amounts that are not whole minor units', () => {
    expect(parseJackpotWin(win)).toEqual(win.jackpot);
    expect(parseJackpotWin({ jackpot: { ...win.jackpot, amount_cents: 12.5 } })).toBeNull();
    expect(parseJackpotWin({ jackpot: { ...win.jackpot, currency: undefined } })).toBeNull();
    expect(parseJackpotWin(null)).toBeNull();
  });

  it('opens a modal with the amount when jackpot_win_award arrives', async () => {
    const { client, publish } = fakeClient();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={createI18n('en', { common, game })}>
          <RealtimeProvider client={client}>
            <MemoryRouter>
              <JackpotWinListener enabled />
              <ModalHost />
            </MemoryRouter>
          </RealtimeProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(modals.isOpen(JACKPOT_WIN_MODAL)).toBe(false);
    act(() => publish('jackpot_win_award', win));
    expect(modals.isOpen(JACKPOT_WIN_MODAL)).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: game.jackpot_win.title });
    expect(dialog).toHaveTextContent('€12,345.67');
    expect(dialog).toHaveTextContent('Mega Pot');
  });

  it('does not listen while disabled (a guest has no private channel)', () => {
    const { client, publish } = fakeClient();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={createI18n('en', { common, game })}>
          <RealtimeProvider client={client}>
            <JackpotWinListener enabled={false} />
          </RealtimeProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    act(() => publish('jackpot_win_award', win));
    expect(modals.isOpen(JACKPOT_WIN_MODAL)).toBe(false);
  });
});
