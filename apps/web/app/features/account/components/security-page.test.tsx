import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerSession } from '@croupier/shared/api/auth';
import { toasts } from '../../../components/toast/toast-store';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import security from '../../../i18n/locales/en/security.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { testPlayer } from '../../../testing/player';
import { summariseUserAgent } from '../lib/user-agent';
import { SecurityPage } from './security-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(1000 + i)}`);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33"><path d="M0 0h33v33H0z"/></svg>';
const LAPTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';

const session = (over: Partial<PlayerSession>): PlayerSession => ({
  id: 1,
  ip: '203.0.113.7',
  country: 'DE',
  user_agent: LAPTOP_UA,
  created_at: '2026-11-20T09:00:00Z',
  last_used_at: '2026-11-22T11:59:00Z',
  current: false,
  ...over,
});

const SESSIONS = [
  session({ id: 41, current: true }),
  session({ id: 42, user_agent: PHONE_UA, ip: '198.51.100.4', country: 'NO' }),
];

const stepUpRequired = (path: string) =>
  new ApiError(403, { code: 'reauth_required', error: 'Confirm it is you', two_factor: true }, path);

/** An api whose GETs answer by path; the other methods are the test's mocks. */
function api(
  routes: Record<string, unknown>,
  rest: Partial<Pick<ApiClient, 'post' | 'put' | 'delete'>> = {},
): Partial<ApiClient> {
  const get = vi.fn((path: string) =>
    path in routes ? Promise.resolve(routes[path]) : Promise.reject(new Error(`unexpected GET ${path}`)),
  );
  return { get: get as unknown as ApiClient['get'], ...rest };
}

function renderPage(client: Partial<ApiClient>, twoFactor: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={client as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, security })}>
          <SecurityPage user={testPlayer({ two_factor_enabled: twoFactor })} locale="en" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('two-factor set-up', () => {
  it('shows the QR code as an image and the key as text, then the recovery codes once with copy and download', async () => {
    const setup = {
      otp_secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
      data: 'otpauth://totp/Croupier:a?secret=X',
      qr_svg: SVG,
    };
    const post = vi.fn().mockResolvedValue({ ...setup, recovery_codes: CODES });
    renderPage(api({ '/api/v2/player/two_factor': setup, '/api/player/sessions': SESSIONS }, { post }), false);

    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const qr = (await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    })) as HTMLImageElement;
    // The SVG is an image source, never markup in the page.
    expect(qr.src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('svg path[d="M0 0h33v33H0z"]')).toBeNull();
    expect(screen.getByTestId('two-factor-key').textContent).toBe('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn on' }).at(-1)!);
    const codes = await screen.findByTestId('recovery-codes');
    expect(post).toHaveBeenCalledWith('/api/v2/player/two_factor', {
      two_factor: { otp_secret: setup.otp_secret, authentication_code: '123456' },
    });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Save your recovery codes' })),
    );

    const download = screen.getByRole('link', { name: 'Download as text' }) as HTMLAnchorElement;
    expect(download.getAttribute('download')).toBe('croupier-recovery-codes.txt');
    const file = decodeURIComponent(download.href.replace(/^data:text\/plain;charset=utf-8,/, ''));
    expect(file.split('\n').filter((line) => CODES.includes(line))).toEqual(CODES);

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(file));
    expect(toasts.getState().map((t) => t.text)).toContain('Recovery codes copied');

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('a wrong first code shows the server’s field error and no recovery codes', async () => {
    const setup = { otp_secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', data: 'otpauth://x', qr_svg: SVG };
    const post = vi
      .fn()
      .mockRejectedValue(
        new ApiError(
          422,
          { code: 'invalid_otp', error: 'The code is not valid.', errors: { authentication_code: ['is invalid'] } },
          '/api/v2/player/two_factor',
        ),
      );
    renderPage(api({ '/api/v2/player/two_factor': setup, '/api/player/sessions': SESSIONS }, { post }), false);
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn on' }).at(-1)!);
    expect(await screen.findByText('The code is not valid — check your app and try again')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });
});

describe('recovery codes with two-factor on', () => {
  it('shows how many are left; a new set asks to confirm, then for the step-up, then shows the new codes', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(stepUpRequired('/api/v2/player/two_factor/recovery_codes'))
      .mockResolvedValueOnce({ valid_until: '2026-11-22T12:05:00Z' })
      .mockResolvedValueOnce({ recovery_codes: CODES });
    renderPage(
      api(
        {
          '/api/v2/player/two_factor/recovery_codes': { remaining: 7, created_at: '2026-11-01T10:00:00Z' },
          '/api/player/sessions': SESSIONS,
        },
        { post },
      ),
      true,
    );
    expect(await screen.findByText('Unused recovery codes: 7 of 10')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Get new recovery codes' }));
    expect(screen.getByText(/Your current recovery codes will stop working/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    // Old codes stop working: the confirming button is styled as destructive, never the primary green.
    expect(screen.getByRole('button', { name: 'Replace my codes' })).toHaveClass('btn--danger');
    fireEvent.click(screen.getByRole('button', { name: 'Replace my codes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'my passphrase' } });
    fireEvent.change(within(dialog).getByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(post.mock.calls).toEqual([
      ['/api/v2/player/two_factor/recovery_codes', {}],
      ['/api/auth/step_up', { user: { password: 'my passphrase', otp_attempt: '654321' } }],
      ['/api/v2/player/two_factor/recovery_codes', {}],
    ]);
    expect(toasts.getState().map((t) => t.text)).toContain(
      'New recovery codes are ready. The old ones no longer work.',
    );
  });

  it('cancelling the confirmation sends nothing and gives the focus back', async () => {
    const post = vi.fn();
    renderPage(
      api(
        {
          '/api/v2/player/two_factor/recovery_codes': { remaining: 0, created_at: null },
          '/api/player/sessions': SESSIONS,
        },
        { post },
      ),
      true,
    );
    expect(await screen.findByText(/You have no unused recovery codes/)).toBeTruthy();
    const ask = screen.getByRole('button', { name: 'Get new recovery codes' });
    fireEvent.click(ask);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get new recovery codes' })),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('turning two-factor off takes a recovery code too', async () => {
    const del = vi.fn().mockResolvedValue(null);
    renderPage(
      api(
        {
          '/api/v2/player/two_factor/recovery_codes': { remaining: 3, created_at: '2026-11-01T10:00:00Z' },
          '/api/player/sessions': SESSIONS,
        },
        { delete: del },
      ),
      true,
    );
    expect(screen.getByRole('button', { name: 'Turn off' })).toHaveClass('btn--danger-outline');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const field = await screen.findByLabelText('Code from your app or a recovery code');
    expect(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)).toHaveClass('btn--danger');
    fireEvent.change(field, { target: { value: 'abcd' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    expect(await screen.findByText('Enter the 6-digit code or a recovery code')).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'ABCD-EFGH-2345' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    await waitFor(() =>
      expect(del).toHaveBeenCalledWith('/api/v2/player/two_factor', undefined, {
        two_factor: { authentication_code: 'ABCD-EFGH-2345' },
      }),
    );
  });
});

describe('signed-in devices', () => {
  it('lists the sessions with this device marked and no sign-out button for it', async () => {
    renderPage(api({ '/api/player/sessions': SESSIONS }), false);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine!.textContent).toContain('Chrome on Windows');
    expect(mine!.textContent).toContain('This device');
    expect(within(mine!).queryByRole('button')).toBeNull();
    expect(phone!.textContent).toContain('Safari on iOS');
    expect(phone!.textContent).toContain('198.51.100.4 · Norway');
    expect(phone!.textContent).not.toContain('This device');
    expect(within(phone!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeTruthy();
  });

  it('signs one device out after a confirmation, says so, and reloads the list', async () => {
    const del = vi.fn().mockResolvedValue(null);
    const client = api({ '/api/player/sessions': SESSIONS }, { delete: del });
    renderPage(client, false);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(del).toHaveBeenCalledWith('/api/player/sessions/42');
    expect(toasts.getState().map((t) => t.text)).toContain('The device was signed out');
    await waitFor(() => expect((client.get as ReturnType<typeof vi.fn>).mock.calls.length).toBeGreaterThan(1));
  });

  it('signs out everywhere else after a confirmation; cancel sends nothing', async () => {
    const del = vi.fn().mockResolvedValue(null);
    renderPage(api({ '/api/player/sessions': SESSIONS }, { delete: del }), false);
    expect(await screen.findByRole('button', { name: 'Sign out everywhere else' })).toHaveClass('btn--danger-outline');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(del).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toHaveClass('btn--danger');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/player/sessions'));
    expect(toasts.getState().map((t) => t.text)).toContain('You were signed out everywhere else');
  });

  it('a failure keeps the dialog open with the error', async () => {
    const del = vi
      .fn()
      .mockRejectedValue(new ApiError(500, { code: 'internal_error', error: 'Boom' }, '/api/player/sessions/42'));
    renderPage(api({ '/api/player/sessions': SESSIONS }, { delete: del }), false);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Sign out this device?' })).toBeTruthy();
  });

  it('only this device: no sign-out buttons, and it says so', async () => {
    renderPage(api({ '/api/player/sessions': [SESSIONS[0]] }), false);
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});

describe('summariseUserAgent', () => {
  it('names the common browsers and systems, and nothing it does not know', () => {
    expect(summariseUserAgent(LAPTOP_UA)).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(summariseUserAgent(PHONE_UA)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'macOS' });
    expect(summariseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      browser: 'Firefox',
      os: 'Linux',
    });
    expect(summariseUserAgent('')).toEqual({ browser: null, os: null });
  });
});
