import { cashboxRoute } from './cashbox-route';
import { guardLoader } from '../../lib/guard.server';

/** /deposit: the deposit steps in the cashbox popup (docs/player-app.md#cashbox-popups). */
const route = cashboxRoute('deposit', 'deposit', 'deposit_title');
export const { handle, clientLoader, meta } = route;
export const loader = guardLoader(handle);
export default route.Component;
