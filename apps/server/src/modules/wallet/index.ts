import type { Account } from '@croupier/shared/api/player';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { holdsMoney } from './balances.repository.ts';
import { deleteGameSessionsOf } from './game-sessions.repository.ts';
import { LedgerAccounts, playerLedgerEntries } from './ledger.repository.ts';
import { WalletProtocol, walletSecrets, type WalletEvent } from './protocol.ts';
import { WalletService } from './wallet.service.ts';
import { hasOpenProviderRound } from './wallet.repository.ts';
import { walletAdminRoutes, walletRoutes } from './wallet.routes.ts';
import { defineModule } from '../module.ts';

export interface Wallet {
  accounts: LedgerAccounts;
  protocol: WalletProtocol;
  service: WalletService;
  secrets: ReadonlyMap<string, string>;
  /** After-commit listeners of seamless-wallet requests (jackpot contributions, feeds). Returns its removal. */
  onCommitted(listener: (event: WalletEvent) => void): () => void;
  /** After-commit listeners of every wallet balance change (the realtime `balance` channel). */
  onBalance(listener: (userId: number, account: Account) => void): void;
}

export interface CreateWalletDeps {
  db: Db;
  clock: Clock;
  /** `WALLET_PROVIDERS` (id:secret pairs). */
  providers: string;
  /** A listener failing must never turn a committed answer into an error. */
  logError: (message: string, error: unknown) => void;
}

export function createWallet(deps: CreateWalletDeps): Wallet {
  const accounts = new LedgerAccounts();
  const secrets = walletSecrets(deps.providers);
  const balanceListeners: ((userId: number, account: Account) => void)[] = [];
  const committedListeners: ((event: WalletEvent) => void)[] = [];
  const safely = <A extends unknown[]>(what: string, fn: (...args: A) => void, ...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      deps.logError(`wallet: ${what} listener failed`, error);
    }
  };
  const service = new WalletService({
    db: deps.db,
    clock: deps.clock,
    accounts,
    publishBalance: (userId, account) => balanceListeners.forEach((l) => safely('balance', l, userId, account)),
    logError: deps.logError,
  });
  const protocol = new WalletProtocol({
    db: deps.db,
    clock: deps.clock,
    accounts,
    secrets,
    logError: deps.logError,
    onCommitted: (event) => {
      service.publish(event.balance);
      committedListeners.forEach((l) => safely('committed', l, event));
    },
  });
  return {
    accounts,
    protocol,
    service,
    secrets,
    onCommitted: (l) => {
      committedListeners.push(l);
      return () => {
        const at = committedListeners.indexOf(l);
        if (at >= 0) committedListeners.splice(at, 1);
      };
    },
    onBalance: (l) => void balanceListeners.push(l),
  };
}

/**
 * The wallet module: the seamless-wallet protocol's HTTP face (`/wallet/v1/*`) and the operator's
 * credit call. The ledger itself (`createWallet`) is the platform's, built before every module,
 * since every module's money moves through it; this module's API is that same object.
 */
export const walletModule = defineModule({
  name: 'wallet',
  setup: (ctx): Wallet => ctx.wallet,
  routes: (app, wallet, ctx) => walletRoutes(app, { ...ctx, wallet }),
  adminRoutes: (app, wallet, ctx) => walletAdminRoutes(app, { ...ctx, wallet }),
  // The ledger is kept whole on erasure (docs/privacy.md#what-is-kept-and-why); game sessions end.
  personalData: () => ({
    sections: {
      ledger:
        'Every movement of your money: kind (deposit, bet, win…), currency, what it changed in your cash and bonus balances (minor units), when.',
    },
    export: async (userId, tx) => ({ ledger: await playerLedgerEntries(tx, userId) }),
    // The wallets are locked first (holdsMoney), so no bet or win lands between these checks and the erasure.
    refuseErasure: async (userId, tx) => {
      if (await holdsMoney(tx, userId))
        return { code: 'erasure_money_held', message: 'The player still holds money: pay it out or settle it first.' };
      // A provider's round with a bet and no closing win may still pay a win onto the account.
      if (await hasOpenProviderRound(tx, userId))
        return {
          code: 'erasure_round_open',
          message:
            'The player has a round still open at a game provider: it must be settled (won, lost or rolled back) first.',
        };
      return null;
    },
    erase: (userId, tx) => deleteGameSessionsOf(tx, userId),
  }),
});

declare module '../module.ts' {
  interface ModuleApis {
    wallet: Wallet;
  }
}

export type { WalletEvent } from './protocol.ts';
export { OWN_PROVIDER } from './protocol.ts';
export { betRefusal, type BetRefusal } from './bet-checks.ts';

export { BalanceLimitError, creditCeiling } from './balances.ts';
export { createGameSession, discardGameSession, findGameSession } from './game-sessions.repository.ts';
export { WalletProtocol } from './protocol.ts';
export { type BonusMoveResult, type WalletService } from './wallet.service.ts';
export { lockWallet, readBalance, type WalletBalance } from './balances.repository.ts';
