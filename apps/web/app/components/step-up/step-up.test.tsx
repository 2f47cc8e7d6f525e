import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import auth from '../../i18n/locales/en/auth.json';
import common from '../../i18n/locales/en/common.json';
import security from '../../i18n/locales/en/security.json';
import { I18nProvider } from '../../i18n/runtime';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ApiProvider } from '../../lib/api-context';
import { StepUpDialog } from './step-up';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderDialog(post: ApiClient['post'], twoFactor = true) {
  const onConfirmed = vi.fn();
  const onCancel = vi.fn();
  render(
    <ApiProvider client={{ post } as ApiClient}>
      <I18nProvider i18n={createI18n('en', { common, security, auth })}>
        <StepUpDialog twoFactor={twoFactor} onConfirmed={onConfirmed} onCancel={onCancel} />
      </I18nProvider>
    </ApiProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Confirm it’s you' }), onConfirmed, onCancel };
}

const invalidCode = new ApiError(
  422,
  { code: 'invalid_otp', error: 'The code is not valid.', errors: { otp_attempt: ['is invalid'] } },
  '/api/auth/step_up',
);

describe('the step-up dialog takes a recovery code instead of the authenticator code', () => {
  it('switches to a text field for the code, checks its shape, and sends it as otp_attempt', async () => {
    const post = vi.fn().mockResolvedValue({ valid_until: '2026-11-22T12:05:00Z' });
    const { dialog, onConfirmed } = renderDialog(post);
    const appCode = within(dialog).getByLabelText('Authenticator code') as HTMLInputElement;
    expect(appCode.inputMode).toBe('numeric');
    expect(appCode.maxLength).toBe(6);
    fireEvent.change(appCode, { target: { value: '12' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    const field = within(dialog).getByLabelText('Recovery code') as HTMLInputElement;
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    expect(within(dialog).getByText(/one of the recovery codes you saved/)).toBeTruthy();
    // A text field (letters too), empty, wide enough for a pasted code, and focused for typing.
    expect(field.inputMode).toBe('');
    expect(field.value).toBe('');
    expect(field.maxLength).toBeGreaterThanOrEqual('abcd - efgh - 2345'.length);
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.change(field, { target: { value: 'abcd-efgh' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter a recovery code, like abcd-efgh-2345')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    // Case, spaces and dashes do not matter: the server reads the code leniently.
    fireEvent.change(field, { target: { value: ' ABCD efgh 2345 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(post.mock.calls).toEqual([
      ['/api/auth/step_up', { user: { password: 'my passphrase', otp_attempt: 'ABCD efgh 2345' } }],
    ]);
  });

  it('says a refused recovery code is not valid or used, and stays open', async () => {
    const post = vi.fn().mockRejectedValue(invalidCode);
    const { dialog, onConfirmed } = renderDialog(post);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.change(within(dialog).getByLabelText('Recovery code'), { target: { value: 'abcd-efgh-2345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This recovery code is not valid or has already been used')).toBeTruthy();
    expect(within(dialog).queryByText(/check your app/)).toBeNull();
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('switches back to the six-digit code, which keeps its own check and error', async () => {
    const post = vi.fn().mockRejectedValue(invalidCode);
    const { dialog } = renderDialog(post);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(within(dialog).getByLabelText('Recovery code'), { target: { value: 'abcd-efgh-2345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the code from my app' }));
    const appCode = within(dialog).getByLabelText('Authenticator code') as HTMLInputElement;
    expect(appCode.value).toBe('');
    expect(appCode.maxLength).toBe(6);
    await waitFor(() => expect(document.activeElement).toBe(appCode));
    expect(within(dialog).getByText(/the code from your authenticator app/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    fireEvent.change(appCode, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The code is not valid — check your app and try again')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/auth/step_up', {
      user: { password: 'my passphrase', otp_attempt: '123456' },
    });
  });

  it('offers no code and no switch when two-factor is off', () => {
    const { dialog } = renderDialog(vi.fn(), false);
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
  });
});
