export * from './users.ts';
export * from './games.ts';
export * from './wallet.ts';
export * from './games-host.ts';
export * from './jackpots.ts';
export * from './payments.ts';
export * from './events.ts';
export * from './limits.ts';
