import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { EngineId } from '../api/types';

type Client = LazyExoticComponent<ComponentType>;

/**
 * One chunk per engine: a phone opening a slot downloads the slot client only. The table is
 * spelled out (no template import path) so the bundler can see and split every module.
 */
const slots = lazy(() => import('./slots/slots-client'));
const CLIENTS: Record<EngineId, Client> = {
  'slot-low': slots,
  'slot-medium': slots,
  'slot-high': slots,
  roulette: lazy(() => import('./roulette/roulette-client')),
  'live-roulette': lazy(() => import('./live-roulette/live-roulette-client')),
  blackjack: lazy(() => import('./blackjack/blackjack-client')),
  'video-poker': lazy(() => import('./video-poker/video-poker-client')),
  baccarat: lazy(() => import('./baccarat/baccarat-client')),
  dice: lazy(() => import('./dice/dice-client')),
  mines: lazy(() => import('./mines/mines-client')),
  plinko: lazy(() => import('./plinko/plinko-client')),
  crash: lazy(() => import('./crash/crash-client')),
};

export function hasEngineClient(engine: string): boolean {
  return engine in CLIENTS;
}

/** The client of `engine` (render inside Suspense: its chunk may still be loading). */
export function EngineClient({ engine }: { engine: string }): ReactNode {
  const client = (CLIENTS as Record<string, Client | undefined>)[engine];
  return client ? createElement(client) : null;
}
