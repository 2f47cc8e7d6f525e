import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../../i18n/create-i18n';
import bonuses from '../../../i18n/locales/en/bonuses.json';
import common from '../../../i18n/locales/en/common.json';
import lobby from '../../../i18n/locales/en/lobby.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { FakeSocket } from '../../../lib/realtime/fake-socket';
import { RealtimeClient } from '../../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../../lib/realtime/realtime-provider';

/**
 * Renders bonus components with a fresh query cache, a fake api (only the methods a test needs),
 * English texts, a router and a realtime client whose socket the test plays the server of.
 */
export function renderBonuses(ui: ReactNode, { api, url = '/' }: { api: Partial<ApiClient>; url?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const socket = new FakeSocket();
  const client = new RealtimeClient(async () => socket);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, bonuses, lobby })}>
          <RealtimeProvider client={client}>
            <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
          </RealtimeProvider>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  /** The server pushes `data` on `channel` to this tab. */
  const push = (channel: string, data: unknown) => act(() => socket.receive(channel, data));
  return { ...result, queryClient, socket, push };
}

/** Lets the socket open and its first connection settle. */
export async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}
