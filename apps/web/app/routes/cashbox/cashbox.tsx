import { cashboxRoute } from './cashbox-route';
import { guardLoader } from '../../lib/guard.server';

/** /cashbox: the cashbox dashboard popup (deposit or withdraw) (docs/player-app.md#cashbox-popups). */
const route = cashboxRoute('dashboard', 'cashbox', 'dashboard_title');
export const { handle, clientLoader, meta } = route;
export const loader = guardLoader(handle);
export default route.Component;
