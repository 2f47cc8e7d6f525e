import { useEffect, useRef } from 'react';
import { useRecordPlayedGame } from '../api/record-played-game';

/** Records a signed-in player's visit to a game page once per game, so "recently played" fills. */
export function useRecordPlayed(identifier: string | undefined, isLoggedIn: boolean) {
  const { mutate } = useRecordPlayedGame();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!isLoggedIn || !identifier || recorded.current === identifier) return;
    recorded.current = identifier;
    mutate(identifier);
  }, [identifier, isLoggedIn, mutate]);
}
