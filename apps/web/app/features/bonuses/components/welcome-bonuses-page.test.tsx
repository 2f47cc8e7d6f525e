import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offer, termsIn } from '../testing/fixtures';
import { renderBonuses } from '../testing/render-bonuses';
import { WelcomeBonusesPage, WelcomeBonusPage } from './welcome-bonuses-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const REGISTRATION = offer({
  id: 'SIGNUP5',
  title: 'Sign-up gift',
  kind: 'nondeposit',
  terms: [
    termsIn('nondeposit', {
      amount_cents: { EUR: 500 },
      wager_multiplier: 40,
      max_conversion_cents: { EUR: 5_000 },
      activation_days: 7,
      validity_days: 14,
    }),
  ],
});

function api() {
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/bonuses/deposit') return [offer(), offer({ id: 'random_manual', title: 'Lootbox' })];
    if (path === '/api/bonuses/registration') return [REGISTRATION];
    throw new Error(`unexpected GET ${path}`);
  });
  return { get };
}

describe('the public offer pages (docs/bonuses.md#what-the-player-sees)', () => {
  it('lists the offers with their rules for a guest, in a currency they can change, never the hidden gift', async () => {
    renderBonuses(<WelcomeBonusesPage locale="en" signedIn={false} playerCurrency={null} guessedCurrency="USD" />, {
      api: api() as never,
    });
    const welcome = (await screen.findByRole('heading', { name: 'Welcome offer' })).closest('li')!;
    // USD, the guest's country's currency, which the welcome offer has.
    expect(within(welcome).getByText('100% up to $200')).toBeInTheDocument();
    expect(within(welcome).getByRole('link', { name: 'Read the rules' })).toHaveAttribute(
      'href',
      '/welcome-bonuses/WELCOME100',
    );
    expect(within(welcome).getByRole('link', { name: 'Sign up to get it' })).toHaveAttribute(
      'href',
      '/sign-up?redirect=%2Fwelcome-bonuses',
    );
    expect(screen.queryByText('Lootbox')).not.toBeInTheDocument();

    // The sign-up gift exists only in EUR: it says so in USD, and shows its rules in EUR.
    const signup = screen.getByRole('heading', { name: 'Sign-up gift' }).closest('li')!;
    expect(within(signup).getByText('This offer is not available in USD.')).toBeInTheDocument();
    expect(screen.getByLabelText('Show amounts in')).toHaveClass('select');
    fireEvent.change(screen.getByLabelText('Show amounts in'), { target: { value: 'EUR' } });
    expect(within(signup).getByText('€5 bonus')).toBeInTheDocument();
    expect(within(signup).getByText('Credited once you have confirmed your e-mail address.')).toBeInTheDocument();
    expect(within(signup).getByText('Activate it within 7 days of receiving it.')).toBeInTheDocument();
  });

  it('shows one offer with all its rules open, and lets a signed-in player choose it for the next deposit', async () => {
    const { get } = api();
    const patch = vi.fn(async () => ({ id: 1 }));
    renderBonuses(
      <WelcomeBonusPage code="welcome100" locale="en" signedIn playerCurrency="EUR" guessedCurrency="EUR" />,
      { api: { get, patch } as never },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome offer' })).toBeInTheDocument();
    expect(screen.getByText('The highest bet while you wager is €5.00.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Choose for my next deposit' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/player/set_bonus_code', { deposit_bonus_code: 'WELCOME100' }),
    );
  });

  it('says so for a code no offer has, the hidden gift included', async () => {
    renderBonuses(
      <WelcomeBonusPage
        code="random_manual"
        locale="en"
        signedIn={false}
        playerCurrency={null}
        guessedCurrency="EUR"
      />,
      { api: api() as never },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All bonuses/ })).toHaveAttribute('href', '/welcome-bonuses');
  });
});
