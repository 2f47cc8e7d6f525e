/**
 * The player module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

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
export { playerRoutes } from './player.routes.ts';
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
