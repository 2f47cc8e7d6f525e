import { lazy, Suspense } from 'react';
import { useFrameState } from './use-game-frame';
import './game-frame.css';

// The frame itself (drag, scaling, the iframe) loads only when a game opens, so it costs the
// first page of a visit nothing.
const OpenFrame = lazy(() => import('./open-frame'));

/** Shows the open game (in its page slot or as the minimised shell) above every route. */
export function GameFrameHost() {
  const state = useFrameState();
  if (state.status === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <OpenFrame state={state} />
    </Suspense>
  );
}
