import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import security from '../../../i18n/locales/en/security.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { testPlayer } from '../../../testing/player';
import { SecuritySettings } from './security-settings';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stepUpRequired = (twoFactor: boolean) =>
  new ApiError(403, { code: 'reauth_required', error: 'Confirm it is you', two_factor: twoFactor }, '/api/users');

function renderSettings(api: Partial<ApiClient>, twoFactor = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, security })}>
          <SecuritySettings user={testPlayer({ two_factor_enabled: twoFactor })} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

function fillPasswordForm() {
  const form = screen.getByRole('form', { name: 'Change password' });
  fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'old passphrase' } });
  fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'a new passphrase' } });
  fireEvent.change(within(form).getByLabelText('Repeat the new password'), { target: { value: 'a new passphrase' } });
  const submit = within(form).getByRole('button', { name: 'Change password' });
  submit.focus();
  fireEvent.click(submit);
  return submit;
}

describe('changing the password asks "confirm it’s you" when the server wants a step-up', () => {
  it('asks for the password and the code, posts the step-up, then changes the password (one retry)', async () => {
    const put = vi.fn().mockRejectedValueOnce(stepUpRequired(true)).mockResolvedValueOnce(testPlayer());
    const post = vi.fn().mockResolvedValue({ valid_until: '2026-11-22T12:05:00Z' });
    renderSettings({ put, post });
    const submit = fillPasswordForm();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).getByText(/enter your password and the code/)).toBeTruthy();
    // The dialog moves the focus after it renders: wait for it rather than race it.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Password')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter your password')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'old passphrase' } });
    fireEvent.change(within(dialog).getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenCalledWith('/api/auth/step_up', {
      user: { password: 'old passphrase', otp_attempt: '123456' },
    });
    const body = {
      user: {
        current_password: 'old passphrase',
        password: 'a new passphrase',
        password_confirmation: 'a new passphrase',
      },
    };
    expect(put.mock.calls).toEqual([
      ['/api/users', body],
      ['/api/users', body],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s answer to a wrong password in the dialog and stays open', async () => {
    const put = vi.fn().mockRejectedValueOnce(stepUpRequired(false));
    const post = vi
      .fn()
      .mockRejectedValue(
        new ApiError(
          422,
          { code: 'invalid_password', error: 'The password is not correct.', errors: { password: ['is invalid'] } },
          '/api/auth/step_up',
        ),
      );
    renderSettings({ put, post }, false);
    fillPasswordForm();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeTruthy();
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('cancel closes the dialog, makes no second call, shows no error and gives the focus back', async () => {
    const put = vi.fn().mockRejectedValueOnce(stepUpRequired(true));
    const post = vi.fn();
    renderSettings({ put, post });
    const submit = fillPasswordForm();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(put).toHaveBeenCalledTimes(1);
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('a new passphrase');
  });
});

function fillEmailForm() {
  const form = screen.getByRole('form', { name: 'Change email address' });
  fireEvent.change(within(form).getByLabelText('New email address'), { target: { value: 'new.address@example.com' } });
  fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'my passphrase' } });
  const submit = within(form).getByRole('button', { name: 'Send confirmation link' });
  submit.focus();
  fireEvent.click(submit);
  return { form, submit };
}

describe('changing the e-mail address asks "confirm it’s you" when the server wants a step-up', () => {
  const SENT = 'We sent a link to new.address@example.com. Your email address changes once you open it.';
  const body = { user: { email: 'new.address@example.com', current_password: 'my passphrase' } };

  it('asks for the password, posts the step-up, then changes the address (one retry) and says so', async () => {
    const put = vi.fn().mockRejectedValueOnce(stepUpRequired(false)).mockResolvedValueOnce(testPlayer());
    const post = vi.fn().mockResolvedValue({ valid_until: '2026-11-22T12:05:00Z' });
    renderSettings({ put, post }, false);
    const { form, submit } = fillEmailForm();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).getByText('For your security, enter your password to continue.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Password')));
    expect(within(form).getByRole('status').textContent).toBe('');
    expect(put).toHaveBeenCalledTimes(1);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(SENT));
    expect(post.mock.calls).toEqual([['/api/auth/step_up', { user: { password: 'my passphrase' } }]]);
    expect(put.mock.calls).toEqual([
      ['/api/users', body],
      ['/api/users', body],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect((within(form).getByLabelText('New email address') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancel closes the dialog, makes no second call, shows no message and gives the focus back', async () => {
    const put = vi.fn().mockRejectedValueOnce(stepUpRequired(false));
    const post = vi.fn();
    renderSettings({ put, post }, false);
    const { form, submit } = fillEmailForm();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(put.mock.calls).toEqual([['/api/users', body]]);
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(form).getByRole('status').textContent).toBe('');
    expect((within(form).getByLabelText('New email address') as HTMLInputElement).value).toBe(
      'new.address@example.com',
    );
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('my passphrase');
  });
});

describe('two-factor on', () => {
  it('asks "confirm it’s you" (the password only) when the server wants a step-up, then sends the same code again and shows the recovery codes', async () => {
    const setup = { otp_secret: 'A'.repeat(48), data: 'otpauth://totp/Croupier:x?secret=A', qr_svg: '<svg/>' };
    const enabled = { ...setup, recovery_codes: ['abcd-efgh-jkmn', 'pqrs-tvwx-yz01'] };
    const get = vi
      .fn()
      .mockImplementation((path: string) =>
        Promise.resolve(path === '/api/v2/player/two_factor' ? setup : { remaining: 0, created_at: null }),
      );
    const post = vi.fn().mockImplementation((path: string) => {
      if (path === '/api/auth/step_up') return Promise.resolve({ valid_until: '2026-11-22T12:05:00Z' });
      return post.mock.calls.filter(([p]) => p === path).length === 1
        ? Promise.reject(stepUpRequired(false))
        : Promise.resolve(enabled);
    });
    renderSettings({ get, post }, false);
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const code = await screen.findByLabelText('6-digit code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn on' }).at(-1)!);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    // Two-factor is not on yet: the password alone confirms.
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('abcd-efgh-jkmn')).toBeTruthy();
    const body = { two_factor: { otp_secret: setup.otp_secret, authentication_code: '123456' } };
    expect(post.mock.calls).toEqual([
      ['/api/v2/player/two_factor', body],
      ['/api/auth/step_up', { user: { password: 'my passphrase' } }],
      ['/api/v2/player/two_factor', body],
    ]);
  });
});

describe('two-factor off', () => {
  it('sends the code; a step-up in between is asked for, then the same code goes again', async () => {
    const del = vi.fn().mockRejectedValueOnce(stepUpRequired(true)).mockResolvedValueOnce(null);
    const post = vi.fn().mockResolvedValue({ valid_until: '2026-11-22T12:05:00Z' });
    const get = vi.fn().mockResolvedValue({ remaining: 10, created_at: '2026-11-01T10:00:00Z' });
    renderSettings({ delete: del, post, get });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const code = await screen.findByLabelText('Code from your app or a recovery code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.change(within(dialog).getByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(del).toHaveBeenCalledTimes(2));
    expect(del).toHaveBeenLastCalledWith('/api/v2/player/two_factor', undefined, {
      two_factor: { authentication_code: '654321' },
    });
  });
});
