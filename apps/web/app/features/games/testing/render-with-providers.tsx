import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../../i18n/runtime';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../../i18n/create-i18n';
import game from '../../../i18n/locales/en/game.json';
import lobby from '../../../i18n/locales/en/lobby.json';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';

/** Renders lobby components with a fresh query cache, a fake api (only the methods a test needs), English texts and a router. */
export function renderWithProviders(ui: ReactNode, { api, url = '/' }: { api: object; url?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { lobby, game })}>
          <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
