import { useMemo } from 'react';
import type { Viewer } from '../types';

/** The shape of the auth feature's useCurrentUser() that the lobby reads. */
export interface CurrentUserLike {
  user: { currency?: string | null } | null;
  isLoggedIn: boolean;
}

/**
 * The lobby's view of the visitor. Routes pass in `useCurrentUser()` (the auth feature), so this
 * feature never imports another one (decision 011).
 */
export function useViewer({ user, isLoggedIn }: CurrentUserLike): Viewer {
  const currency = (isLoggedIn && user?.currency) || null;
  return useMemo(() => ({ isLoggedIn, currency }), [isLoggedIn, currency]);
}
