import { BADGE_CATEGORIES, type BadgeCategory } from '../constants';

/** Badges of a game from its collection ids; geo suffixes (`top:au`) are ignored. */
export function gameBadges(categories: readonly string[] | undefined): BadgeCategory[] {
  const ids = new Set((categories ?? []).map((c) => c.split(':')[0]));
  return BADGE_CATEGORIES.filter((badge) => ids.has(badge));
}
