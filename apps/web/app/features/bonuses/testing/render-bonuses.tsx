import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import type { TranslationTree } from '../../../i18n/config';
import { createI18n } from '../../../i18n/create-i18n';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { FakeSocket } from '../../../lib/realtime/fake-socket';
import { RealtimeClient } from '../../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../../lib/realtime/realtime-provider';

const files = import.meta.glob<TranslationTree>('../../../i18n/locales/*/{bonuses,common,lobby,cashbox}.json', {
  eager: true,
  import: 'default',
});
const texts = (locale: Locale, ns: string) => files[`../../../i18n/locales/${locale}/${ns}.json`]!;

/**
 * Renders bonus components with a fresh query cache, a fake api (only the methods a test needs),
 * the texts of a locale (English unless said), a router and a realtime client whose socket the test
 * plays the server of.
 */
export function renderBonuses(
  ui: ReactNode,
  { api, url = '/', locale = 'en' }: { api: Partial<ApiClient>; url?: string; locale?: Locale },
) {
  const resources = Object.fromEntries(['common', 'bonuses', 'lobby', 'cashbox'].map((ns) => [ns, texts(locale, ns)]));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const socket = new FakeSocket();
  const client = new RealtimeClient(async () => socket);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n(locale, resources)}>
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
