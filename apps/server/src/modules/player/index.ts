import { defineModule } from '../module.ts';
import { accountsDataOf, eraseProfile, profileOf, statusesDataOf } from './player.repository.ts';
import { playerRoutes } from './player.routes.ts';

/** The signed-in player's profile, locale, settings, wallets list and realtime token. */
export const playerModule = defineModule({
  name: 'player',
  routes: (app, _api, ctx) => playerRoutes(app, ctx),
  personalData: () => ({
    sections: {
      profile: 'Your profile: names, birth date, address, phone, country, currency, language and marketing choices.',
      wallets: 'Your wallets, one per currency, with their balances in minor units (cents).',
      groups: 'The loyalty levels and groups you belong to.',
    },
    export: async (userId, tx) => {
      const [profile] = await profileOf(tx, userId);
      return {
        profile: profile ?? null,
        wallets: await accountsDataOf(tx, userId),
        groups: await statusesDataOf(tx, userId),
      };
    },
    erase: (userId, tx) => eraseProfile(tx, userId),
  }),
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
  lockPlayer,
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
