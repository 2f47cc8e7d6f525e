/** Realtime for features: mount `RealtimeProvider` once (root); use the hooks anywhere below it. */
export { RealtimeProvider, useRealtimeClient } from './realtime-provider';
export { useRealtimeChannel } from './use-realtime-channel';
export { useRealtimeRefresh } from './use-realtime-refresh';
export { useSharedRound } from './use-shared-round';
export { applyWalletEvent, mergeAccountsSnapshot } from './balance-merge';
export type { Channel, ChannelData } from './realtime-client';
