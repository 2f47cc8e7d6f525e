import { defineModule } from '../module.ts';
import { playerRoutes } from './player.routes.ts';

/** The signed-in player's profile, locale, settings, wallets list and realtime token. */
export const playerModule = defineModule({
  name: 'player',
  routes: (app, _api, ctx) => playerRoutes(app, ctx),
});

export { hasRequiredData, presentAccount } from './player.presenter.ts';
export {
  type AccountRow,
  type DbOrTx,
  type User,
  addStatuses,
  findUserByEmail,
  findUserById,
  insertUser,
  statusesOf,
  updateUser,
  upsertActiveAccount,
} from './player.repository.ts';
export { createPlayerService, dateOfBirthErrors } from './player.service.ts';
export {
  AB_GROUP_EVEN,
  AB_GROUP_ODD,
  LIVE_CHAT_GROUP,
  NO_SOFORT_GROUP,
  VARIANT_GROUPS,
  abGroupForPlayerId,
  registrationVariantFor,
} from './registration-variant.ts';
