export * from './users.ts';
export * from './games.ts';
