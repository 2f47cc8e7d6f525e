import { DEFAULT_LOCALE, type Locale } from '@croupier/shared/locales';

/**
 * The frame URL (docs/player-app.md#game-frame-url): `/games/{gameSlug}/{id}`, with the real-money id of the
 * chosen currency or the demo (FUN) id (utils/launch.ts decides which). The game client has no
 * locale segment, so a non-default language travels as `?locale=`.
 */
export function frameUrl(gameSlug: string, id: number, locale: Locale): string {
  const path = `/games/${encodeURIComponent(gameSlug)}/${id}`;
  return locale === DEFAULT_LOCALE ? path : `${path}?${new URLSearchParams({ locale })}`;
}
