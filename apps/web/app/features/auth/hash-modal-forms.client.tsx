import { lazy } from 'react';
import type { HashModal } from '../../lib/hash-modals';

/*
 * The auth forms a URL hash opens as a modal over any page (docs/player-app.md#url-hashes). A hash
 * never reaches the server, so these exist only in the browser: the `.client` suffix keeps this
 * module out of the server build, where the routes import the same forms statically and a lazy
 * import of them could never be split (Vite's INEFFECTIVE_DYNAMIC_IMPORT). In the browser each form
 * is its own chunk, loaded when its hash first opens it.
 */
const SignInForm = lazy(() => import('./components/sign-in-form').then((m) => ({ default: m.SignInForm })));
const SignUpForm = lazy(() => import('./components/sign-up-form').then((m) => ({ default: m.SignUpForm })));
const RemindForm = lazy(() => import('./components/remind-form').then((m) => ({ default: m.RemindForm })));
const NewPasswordForm = lazy(() =>
  import('./components/new-password-form').then((m) => ({ default: m.NewPasswordForm })),
);

export interface HashModalSpec {
  /** Modal name (login form, sign-up steps, remind-password form, new password). */
  name: string;
  /** Translation key of the modal's title. */
  title: string;
  component: typeof SignInForm;
  guestOnly: boolean;
  restriction: 'login' | 'registration';
}

export const HASH_MODALS: Record<HashModal, HashModalSpec> = {
  'sign-in': {
    name: 'login-form',
    title: 'auth:sign_in.title',
    component: SignInForm,
    guestOnly: true,
    restriction: 'login',
  },
  'sign-up': {
    name: 'sign-up-steps',
    title: 'auth:sign_up.title',
    component: SignUpForm,
    guestOnly: true,
    restriction: 'registration',
  },
  remind: {
    name: 'remind-password-form',
    title: 'auth:remind.title',
    component: RemindForm,
    guestOnly: true,
    restriction: 'login',
  },
  'new-password': {
    name: 'new-password-form',
    title: 'auth:new_password.title',
    component: NewPasswordForm,
    guestOnly: false,
    restriction: 'login',
  },
};
