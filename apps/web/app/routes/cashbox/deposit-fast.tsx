import { cashboxRoute } from './cashbox-route';
import { guardLoader } from '../../lib/guard.server';

/** /deposit-fast: one-click deposit with a saved profile (docs/player-app.md#cashbox-popups). */
const route = cashboxRoute('fast', 'deposit_fast', 'fast_title');
export const { handle, clientLoader, meta } = route;
export const loader = guardLoader(handle);
export default route.Component;
