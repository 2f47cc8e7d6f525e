import { useEffect } from 'react';
import { IDLE_TITLE_ROTATE_MS } from '../../config/constants';

/**
 * While the tab is hidden, rotates the document title through `messages` (an idle page title,
 * docs/player-app.md#routes); restores the page's own title as soon as the tab is visible again.
 */
export function useIdleTitle(messages: string[]) {
  const key = messages.join('\u0000');
  useEffect(() => {
    const list = key.split('\u0000').filter(Boolean);
    if (list.length === 0) return;
    let original: string | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let index = 0;
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
      if (original !== null) document.title = original;
      original = null;
    };
    const onChange = () => {
      if (!document.hidden) return stop();
      if (timer) return;
      original = document.title;
      index = 0;
      document.title = list[0]!;
      timer = setInterval(() => {
        index = (index + 1) % (list.length + 1);
        document.title = index === list.length ? (original ?? '') : list[index]!;
      }, IDLE_TITLE_ROTATE_MS);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      stop();
    };
  }, [key]);
}
