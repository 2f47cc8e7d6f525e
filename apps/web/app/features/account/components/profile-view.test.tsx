import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import account from '../../../i18n/locales/en/account.json';
import common from '../../../i18n/locales/en/common.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { Account, Player } from '../../../lib/api-types';
import { ProfileView } from './profile-view';

afterEach(cleanup);

const user = {
  id: 1,
  email: 'p@example.com',
  nickname: 'p',
  currency: 'EUR',
  created_at: '2026-11-01T00:00:00Z',
} as Player;
const wallet = (currency: string, amount_cents: number): Account =>
  ({ currency, active: true, amount_cents, available_to_cashout_cents: amount_cents }) as Account;

function setup(props: { onUseWallet?: (currency: string) => void; switchingTo?: string | null } = {}) {
  render(
    <I18nProvider i18n={createI18n('en', { account, common })}>
      <ProfileView user={user} accounts={[wallet('EUR', 1_000), wallet('BTC', 2_500_000)]} locale="en" {...props} />
    </I18nProvider>,
  );
}

describe('profile wallets', () => {
  it('marks the wallet in play and offers to play with each other one', () => {
    const onUseWallet = vi.fn();
    setup({ onUseWallet });
    const eur = screen.getByRole('row', { name: /EUR/ });
    expect(within(eur).getByText('Active')).toBeInTheDocument();
    expect(within(eur).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play with BTC' }));
    expect(onUseWallet).toHaveBeenCalledWith('BTC');
  });

  it('shows progress and blocks a second switch while one runs', () => {
    setup({ onUseWallet: vi.fn(), switchingTo: 'BTC' });
    const button = screen.getByRole('button', { name: 'Play with BTC' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveTextContent('Switching…');
  });

  it('offers no switch where the page gives no way to switch', () => {
    setup();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
