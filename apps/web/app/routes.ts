import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * The routes of docs/player-app.md#routes. The default language has no prefix; other locales prefix the same tree with a
 * `:lang` segment whose layout (`_locale.tsx`) accepts only the configured locales (matched
 * case-insensitively) and answers 404 otherwise. Static first segments (`/sign-in`, `/producers`)
 * outrank the dynamic `:lang`, so single-segment pages never collide with locale codes. One
 * dynamic prefix instead of a literal copy per locale keeps the route table at ~70 entries:
 * matching cost grows with it on every request.
 */
function tree(locale: boolean) {
  const id = (file: string) => (locale ? `lang:${file}` : file);
  const r = (path: string, file: string) => route(path, file, { id: id(file) });
  return [
    layout('routes/_layout.tsx', { id: id('routes/_layout.tsx') }, [
      locale ? index('routes/home.tsx', { id: id('routes/home.tsx') }) : index('routes/home.tsx'),
      // Lobby (docs/player-app.md#lobby-routes)
      r('pokies/all', 'routes/lobby/pokies.tsx'),
      route('pokies/:slug', 'routes/lobby/pokies.tsx', { id: id('routes/lobby/pokies.tsx#slug') }),
      r('live/all', 'routes/lobby/live.tsx'),
      route('live/:slug', 'routes/lobby/live.tsx', { id: id('routes/lobby/live.tsx#slug') }),
      r('favorite-games', 'routes/lobby/favorite-games.tsx'),
      r('categories/:slug', 'routes/lobby/category.tsx'),
      r('games/:categoryId', 'routes/lobby/games-by-category.tsx'),
      r('producers', 'routes/lobby/producers.tsx'),
      r('producers/:slug', 'routes/lobby/producer.tsx'),
      route('producers/:slug/:page', 'routes/lobby/producer.tsx', { id: id('routes/lobby/producer.tsx#page') }),
      r('search', 'routes/lobby/search.tsx'),
      // Game page
      r('play/:producer/:name', 'routes/play/game.tsx'),
      r('play/:name', 'routes/play/game-redirect.tsx'),
      // Auth popups (open a modal over the lobby) and full pages
      r('sign-in', 'routes/auth/sign-in.tsx'),
      r('sign-up', 'routes/auth/sign-up.tsx'),
      r('remind', 'routes/auth/remind.tsx'),
      r('new-password', 'routes/auth/new-password.tsx'),
      r('email-verify', 'routes/auth/email-verify.tsx'),
      r('confirmation', 'routes/auth/confirmation.tsx'),
      r('login', 'routes/auth/login.tsx'),
      r('registration', 'routes/auth/registration.tsx'),
      // Player area (login required)
      r('users', 'routes/account/profile.tsx'),
      r('users/games-history', 'routes/account/games-history.tsx'),
      r('users/payments', 'routes/account/payments.tsx'),
      r('users/limits', 'routes/account/limits.tsx'),
      r('users/security', 'routes/account/security.tsx'),
      r('users/verification', 'routes/account/verification.tsx'),
      r('users/gifts', 'routes/account/gifts.tsx'),
      r('users/promocode', 'routes/account/promocode.tsx'),
      // The link mailed for a parked limit change (docs/limits.md#changing-a-limit)
      r('profile/limits/confirm', 'routes/account/limit-confirm.tsx'),
      // The link mailed with a copy of the player's data (docs/privacy.md#the-copy-of-your-data)
      r('profile/data/download', 'routes/account/data-download.tsx'),
      // Cashbox popups (login required, docs/player-app.md#cashbox-popups)
      r('cashbox', 'routes/cashbox/cashbox.tsx'),
      r('dashboard', 'routes/cashbox/dashboard.tsx'),
      r('deposit', 'routes/cashbox/deposit.tsx'),
      r('withdraw', 'routes/cashbox/withdraw.tsx'),
      r('deposit-fast', 'routes/cashbox/deposit-fast.tsx'),
      // Bonus offers (public, docs/bonuses.md#what-the-player-sees)
      r('welcome-bonuses', 'routes/bonuses/welcome-bonuses.tsx'),
      r('welcome-bonuses/:code', 'routes/bonuses/welcome-bonus.tsx'),
      // The cashback popup of an issued cashback bonus (login required)
      r('cashback/:id', 'routes/bonuses/cashback.tsx'),
      // Provably-fair explanation and round verification (public)
      r('provably-fair', 'routes/fairness/provably-fair.tsx'),
      // Info pages (docs/player-app.md#info-pages)
      r('terms', 'routes/info/terms.tsx'),
      // Redirects of docs/player-app.md#redirects
      r('users/password/edit', 'routes/redirects/password-edit.tsx'),
      r('users/confirmation', 'routes/redirects/users-confirmation.tsx'),
      r('accounts/history', 'routes/redirects/accounts-history.tsx'),
      r('redirect', 'routes/redirects/path.tsx'),
      r('oops', 'routes/oops.tsx'),
      r('*', 'routes/not-found.tsx'),
    ]),
  ];
}

export default [
  // The game client inside the game frame (docs/player-app.md#game-frame): an iframe document, outside the site layout.
  route('games/:gameSlug/:id', 'routes/games-client/game-client.tsx'),
  ...tree(false),
  route(':lang', 'routes/_locale.tsx', tree(true)),
] satisfies RouteConfig;
