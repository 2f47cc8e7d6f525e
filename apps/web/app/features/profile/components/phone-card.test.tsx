import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../components/toast/toast-store';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import profile from '../../../i18n/locales/en/profile.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { Phone } from '../api/phone';
import { normalisePhone, PhoneCard, phoneErrorKey } from './phone-card';

afterEach(() => {
  cleanup();
  toasts.clear();
  vi.restoreAllMocks();
});

const pending: Phone = {
  number: '+491701234567',
  verified: false,
  confirmed_at: null,
  code_expires_at: '2026-11-22T12:10:00.000Z',
  resend_available_at: '2026-11-22T12:01:00.000Z',
};
const verified: Phone = { ...pending, verified: true, confirmed_at: '2026-11-22T12:02:00.000Z', code_expires_at: null };

function renderCard(api: Partial<ApiClient>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, profile })}>
          <PhoneCard />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('PhoneCard', () => {
  it('adds a number with its plus, confirms the texted code and says "Phone was added"', async () => {
    const get = vi.fn().mockResolvedValue(null);
    const post = vi.fn().mockResolvedValueOnce(pending).mockResolvedValueOnce(verified);
    renderCard({ get, post });
    const form = await screen.findByRole('form', { name: 'Add a phone' });
    fireEvent.change(within(form).getByLabelText(/Mobile number/), { target: { value: '49 (170) 123-4567' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/player/phone', { phone: { number: '+491701234567' } }));

    const confirm = await screen.findByRole('form', { name: 'Confirm your phone' });
    expect(within(confirm).getByText(/We sent a code to \+491701234567/)).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText('Code from the SMS'), { target: { value: '123456' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/api/player/phone/confirm', { phone: { code: '123456' } }),
    );
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(toasts.getState().map((t) => t.text)).toEqual(['Phone was added']);
  });

  it('refuses a malformed number or code before calling the server', async () => {
    const post = vi.fn();
    renderCard({ get: vi.fn().mockResolvedValue(null), post });
    const form = await screen.findByRole('form', { name: 'Add a phone' });
    fireEvent.change(within(form).getByLabelText(/Mobile number/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the number with + and your country code.');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a wrong code and keeps the form', async () => {
    const post = vi
      .fn()
      .mockRejectedValue(
        new ApiError(
          422,
          { code: 'invalid_code', error: 'no', errors: { code: ['is invalid'] } },
          '/api/player/phone/confirm',
        ),
      );
    renderCard({ get: vi.fn().mockResolvedValue(pending), post });
    const confirm = await screen.findByRole('form', { name: 'Confirm your phone' });
    fireEvent.change(within(confirm).getByLabelText('Code from the SMS'), { target: { value: '000000' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is not right.');
    expect(screen.getByRole('form', { name: 'Confirm your phone' })).toBeTruthy();
    expect(toasts.getState()).toEqual([]);
  });

  it('deletes a verified phone and says "Phone was deleted"', async () => {
    const del = vi.fn().mockResolvedValue(null);
    renderCard({ get: vi.fn().mockResolvedValue(verified), delete: del });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete phone' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/player/phone'));
    expect(await screen.findByRole('form', { name: 'Add a phone' })).toBeTruthy();
    expect(toasts.getState().map((t) => t.text)).toEqual(['Phone was deleted']);
  });
});

describe('phone helpers', () => {
  it('normalises what people type to +digits', () => {
    expect(normalisePhone(' 49 (170) 123-45.67 ')).toBe('+491701234567');
    expect(normalisePhone('+1 416 555 0199')).toBe('+14165550199');
    expect(normalisePhone('')).toBe('');
  });

  it('maps error codes to texts, validation by field, anything else to the generic one', () => {
    const err = (code: string) => new ApiError(422, { code, error: '' }, '/api/player/phone');
    expect(phoneErrorKey(err('phone_taken'), 'code')).toBe('phone_taken');
    expect(phoneErrorKey(err('validation_error'), 'number')).toBe('invalid_number');
    expect(phoneErrorKey(err('validation_error'), 'code')).toBe('invalid_code');
    expect(phoneErrorKey(err('something_new'), 'number')).toBe('generic');
    expect(phoneErrorKey(new Error('offline'), 'number')).toBe('generic');
  });
});
