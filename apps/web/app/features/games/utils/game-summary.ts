import { FUN_CURRENCY } from '@croupier/shared/currencies';
import type { Game, GameSummary, GamesPage, GameSummaryPage } from '../types';

/** The card fields of a game, with the launch ids cut to the demo id and one real-money id. */
export function toGameSummary(game: Game | GameSummary): GameSummary {
  const currencies: GameSummary['currencies'] = {};
  const all = game.currencies ?? {};
  const fun = all[FUN_CURRENCY];
  if (fun) currencies[FUN_CURRENCY] = { id: fun.id };
  const real = Object.entries(all).find(([code, entry]) => code !== FUN_CURRENCY && entry);
  if (real?.[1]) currencies[real[0]] = { id: real[1].id };
  return {
    identifier: game.identifier,
    title: game.title,
    provider: game.provider,
    seo_title: game.seo_title,
    preview: game.preview,
    categories: game.categories,
    demo: game.demo ?? null,
    currencies,
  };
}

export function toSummaryPage(page: GamesPage): GameSummaryPage {
  return { data: page.data.map(toGameSummary), pagination: page.pagination };
}
