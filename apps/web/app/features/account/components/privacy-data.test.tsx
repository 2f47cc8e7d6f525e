import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import privacy from '../../../i18n/locales/en/privacy.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { GdprReport } from '../api/gdpr-reports';
import { DataDownload } from './data-download';
import { PrivacyData } from './privacy-data';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderWith(api: Partial<ApiClient>, ui: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, privacy })}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

const report = (over: Partial<GdprReport> = {}): GdprReport => ({
  id: 1,
  status: 'downloaded',
  requested_at: '2020-01-01T10:00:00.000Z',
  ready_at: '2020-01-01T10:01:00.000Z',
  expires_at: '2020-01-08T10:01:00.000Z',
  downloaded_at: '2020-01-01T11:00:00.000Z',
  next_request_at: '2020-01-02T10:00:00.000Z',
  ...over,
});

describe('Your data', () => {
  it('asks for a copy and says a link will come by e-mail', async () => {
    const get = vi.fn().mockResolvedValue([]);
    const post = vi.fn().mockResolvedValue(report({ status: 'pending' }));
    renderWith({ get, post }, <PrivacyData locale="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request a copy of my data' }));
    expect(await screen.findByText(/will e-mail you a link when it is ready/)).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/gdpr_reports', {});
    expect(screen.queryByRole('button', { name: 'Request a copy of my data' })).toBeNull();
  });

  it('shows the last request and waits while it is being prepared', async () => {
    const get = vi.fn().mockResolvedValue([report({ status: 'pending', ready_at: null, expires_at: null })]);
    renderWith({ get, post: vi.fn() }, <PrivacyData locale="en" />);
    expect(await screen.findByText(/Your last request, .*: being prepared\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request a copy of my data' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows the server's refusal", async () => {
    const get = vi.fn().mockResolvedValue([report()]);
    const post = vi
      .fn()
      .mockRejectedValue(new ApiError(409, { code: 'gdpr_report_pending', error: 'x' }, '/api/gdpr_reports'));
    renderWith({ get, post }, <PrivacyData locale="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request a copy of my data' }));
    expect(await screen.findByText(/Your copy is being prepared/)).toBeTruthy();
  });
});

describe('the download page', () => {
  it('downloads on the click, not on arrival, and saves the file', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const get = vi.fn().mockResolvedValue({ about: { player_id: 7, generated_at: '2026-11-22T12:00:00.000Z' } });
    renderWith({ get }, <DataDownload token="tok en" locale="en" />);
    const button = await screen.findByRole('button', { name: 'Download my data' });
    expect(get).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByText(/Your data was downloaded/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/gdpr_reports/download?token=tok%20en');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('says when the link was already used', async () => {
    const get = vi
      .fn()
      .mockRejectedValue(new ApiError(410, { code: 'gdpr_report_used', error: 'x' }, '/api/gdpr_reports/download'));
    renderWith({ get }, <DataDownload token="t" locale="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/This link was already used/)).toBeTruthy();
  });
});
