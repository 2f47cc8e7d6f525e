import { cashboxRoute } from './cashbox-route';
import { guardLoader } from '../../lib/guard.server';

/** /withdraw: the withdrawal steps in the cashbox popup (docs/player-app.md#cashbox-popups). */
const route = cashboxRoute('withdrawal', 'withdraw', 'withdrawal_title');
export const { handle, clientLoader, meta } = route;
export const loader = guardLoader(handle);
export default route.Component;
