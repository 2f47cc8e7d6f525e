import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, LOCALES } from '@croupier/shared/locales';

/**
 * SPEC §2 routes. The default language has no prefix; every other locale repeats the whole tree
 * under a literal `/<locale>` prefix (matched case-insensitively), which keeps `/de` apart from
 * single-segment pages without guessing. Route ids carry the locale so each copy is distinct.
 */
function tree(locale: string | null) {
  const p = (path: string) => (locale ? (path ? `${locale}/${path}` : locale) : path);
  const id = (file: string) => (locale ? `${locale}:${file}` : file);
  const r = (path: string, file: string) => route(p(path), file, { id: id(file) });
  return [
    layout('routes/_layout.tsx', { id: id('routes/_layout.tsx') }, [
      locale ? route(p(''), 'routes/home.tsx', { id: id('routes/home.tsx'), index: true }) : index('routes/home.tsx'),
      // Lobby (SPEC §2)
      r('pokies/all', 'routes/lobby/pokies.tsx'),
      route(p('pokies/:slug'), 'routes/lobby/pokies.tsx', { id: id('routes/lobby/pokies.tsx#slug') }),
      r('live/all', 'routes/lobby/live.tsx'),
      route(p('live/:slug'), 'routes/lobby/live.tsx', { id: id('routes/lobby/live.tsx#slug') }),
      r('favorite-games', 'routes/lobby/favorite-games.tsx'),
      r('categories/:slug', 'routes/lobby/category.tsx'),
      r('games/:categoryId', 'routes/lobby/games-by-category.tsx'),
      r('producers', 'routes/lobby/producers.tsx'),
      r('producers/:slug', 'routes/lobby/producer.tsx'),
      route(p('producers/:slug/:page'), 'routes/lobby/producer.tsx', { id: id('routes/lobby/producer.tsx#page') }),
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
      // Redirects of SPEC §2
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
  ...tree(null),
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((l) => tree(l)),
] satisfies RouteConfig;
