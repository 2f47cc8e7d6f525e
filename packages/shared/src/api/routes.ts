/**
 * Every HTTP call of the contract in one list (docs/contract.md): method, path, the schemas of its
 * input and of each answer, and the error codes it may answer with. The OpenAPI document
 * (`GET /api/docs`, `openapi.ts`) is generated from it, and a server test checks it against
 * Fastify's route table, so a route without a contract fails the build. Paths use OpenAPI's `{id}`.
 */
import { z } from 'zod';
import { AdminJobsResponseSchema } from './admin.ts';
import {
  AccountUpdateRequestSchema,
  ApiErrorBodySchema,
  ConfirmationQuerySchema,
  ConfirmedBodySchema,
  EmailRequestSchema,
  EmptyBodySchema,
  PasswordResetTwoFactorBodySchema,
  PasswordUpdateRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  StepUpBodySchema,
  StepUpRequestSchema,
  TwoFactorDisableRequestSchema,
  TwoFactorEnableRequestSchema,
  TwoFactorRequiredBodySchema,
  TwoFactorSetupSchema,
} from './auth.ts';
import {
  AllowedGamesSchema,
  CollectionSchema,
  CollectionsQuerySchema,
  FavoriteGamesSchema,
  GameSchema,
  GamesFilterRequestSchema,
  GamesFilterResponseSchema,
  GamesSelectBySeoTitlesRequestSchema,
  GamesSelectRequestSchema,
  GamesSelectResponseSchema,
  PlayedGameRequestSchema,
  PlayedGameSchema,
  ProviderSchema,
  RandomGameQuerySchema,
  RecentGameSchema,
} from './games.ts';
import {
  ActionRequestSchema,
  BetRequestSchema,
  ClientSeedRequestSchema,
  FairRoundSchema,
  GameHistoryQuerySchema,
  GameHistorySchema,
  GameSessionSchema,
  LaunchRequestSchema,
  RoundResponseSchema,
  RoundSnapshotSchema,
  SeedPairSchema,
  SharedSnapshotSchema,
  WinnersSchema,
} from './games-host.ts';
import {
  CountryInfoListSchema,
  CurrencyInfoListSchema,
  InfoQuerySchema,
  LocaleInfoListSchema,
  LocalesQuerySchema,
  ProjectInfoSchema,
  ServerDataSchema,
  StatusInfoListSchema,
} from './info.ts';
import {
  AdminDocumentListSchema,
  AdminDocumentsQuerySchema,
  AdminReviewResponseSchema,
  AdminVerificationRequestSchema,
  AdminVerificationResponseSchema,
  DOCUMENT_UPLOAD_ERRORS,
  DocumentApproveRequestSchema,
  DocumentRejectRequestSchema,
  DocumentUploadRequestSchema,
  PlayerDocumentListSchema,
  PlayerDocumentSchema,
} from './documents.ts';
import { JackpotListSchema, JackpotTotalsSchema, JackpotWinListSchema } from './jackpots.ts';
import {
  UserLimitConfirmRequestSchema,
  UserLimitRequestSchema,
  UserLimitSchema,
  UserLimitsResponseSchema,
} from './limits.ts';
import {
  CryptoAddressListSchema,
  CryptoAddressRequestSchema,
  CryptoAddressSchema,
  CryptoRatesSchema,
  DepositMethodsLogSchema,
  DepositResponseSchema,
  FaucetRequestSchema,
  FaucetResponseSchema,
  MineResponseSchema,
  OnrampListSchema,
  PaymentIdParamsSchema,
  PaymentListSchema,
  PaymentMethodListSchema,
  PaymentMethodsQuerySchema,
  PaymentPlanQuerySchema,
  PaymentPlanResponseSchema,
  PaymentRequestSchema,
  PaymentResponseSchema,
  PaymentsPageRequestSchema,
  PaymentsPageSchema,
  PlayerStatsSchema,
  RiskTransactionResponseSchema,
} from './payments.ts';
import {
  AccountListSchema,
  AccountSchema,
  AccountsQuerySchema,
  CreateAccountRequestSchema,
  PlayerSchema,
  PlayerSettingsSchema,
  PlayerUpdateRequestSchema,
  UpdateLocaleRequestSchema,
} from './player.ts';
import { bigRecordIdParam, NoQuerySchema, recordIdParam } from './primitives.ts';
import { RiskPayloadSchema } from '../risk.ts';
import {
  AdminCreditRequestSchema,
  AdminCreditResponseSchema,
  BalanceRequestSchema,
  BetRequestSchema as WalletBetRequestSchema,
  RollbackRequestSchema,
  RoundRequestSchema,
  WalletResponseSchema,
  WinRequestSchema,
} from './wallet.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: a guest, a signed-in player, the holder of a game session, a signed provider, the operator. */
export type Caller = 'guest' | 'player' | 'game_session' | 'provider' | 'operator';

export interface RouteContract {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  caller: Caller;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (the document upload is a multipart form). */
  bodyType?: 'multipart/form-data';
  /** Answers by status: the body's schema, or null for an answer without a body (204). */
  responses: Record<number, z.ZodType | null>;
  /** Error codes by status; every error answers the one body `{ code, error, errors? }`. */
  errors?: Record<number, readonly string[]>;
}

/**
 * Codes any call may answer, before its own code runs: a body or URL that is not even readable, the
 * CSRF guard, the body limit, an unexpected failure.
 */
export const GLOBAL_ERRORS: Record<number, readonly string[]> = {
  400: ['malformed_json', 'invalid_content_length', 'bad_request', 'FST_ERR_BAD_URL'],
  403: ['csrf_failed'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  500: ['internal_error'],
};

const FORM = { 400: ['validation_error'], 422: ['validation_error'] } as const;
const SHAPE = { 400: ['validation_error'] } as const;
const SIGNED_IN = { 401: ['unauthorized'] } as const;
const RESTRICTED = { 451: ['restricted_country'] } as const;
const SESSION = { 401: ['session_expired'] } as const;
const STEP_UP = { 403: ['reauth_required'] } as const;

const IdParams = z.strictObject({ id: recordIdParam });
const RoundIdParams = z.strictObject({ id: bigRecordIdParam });
const SlugParams = z.strictObject({ slug: z.string() });

const auth: RouteContract[] = [
  {
    method: 'POST',
    path: '/api/users',
    summary: 'Sign up; the new player is signed in',
    tag: 'auth',
    caller: 'guest',
    body: SignUpRequestSchema,
    responses: { 201: PlayerSchema },
    errors: { ...FORM, ...RESTRICTED },
  },
  {
    method: 'POST',
    path: '/api/users/sign_in',
    summary: 'Sign in with e-mail and password, or with the two-factor code after the password step',
    tag: 'auth',
    caller: 'guest',
    body: SignInRequestSchema,
    responses: { 201: PlayerSchema, 401: z.union([TwoFactorRequiredBodySchema, ApiErrorBodySchema]) },
    errors: {
      ...SHAPE,
      401: ['invalid_credentials', 'two_factor_required', 'two_factor_session_expired'],
      403: ['account_disabled', 'self_excluded'],
      422: ['validation_error', 'invalid_otp'],
      429: ['too_many_requests'],
      ...RESTRICTED,
    },
  },
  {
    method: 'PUT',
    path: '/api/users',
    summary: 'Change the password and/or e-mail address with the current password',
    tag: 'auth',
    caller: 'player',
    body: AccountUpdateRequestSchema,
    responses: { 200: PlayerSchema },
    errors: { ...FORM, ...SIGNED_IN, 429: ['too_many_requests'] },
  },
  {
    method: 'POST',
    path: '/api/auth/step_up',
    summary: 'Confirm it is the player again before a sensitive action (decision 015)',
    tag: 'auth',
    caller: 'player',
    body: StepUpRequestSchema,
    responses: { 200: StepUpBodySchema },
    errors: {
      ...FORM,
      ...SIGNED_IN,
      422: ['validation_error', 'invalid_password', 'invalid_otp'],
      429: ['too_many_requests'],
    },
  },
  {
    method: 'DELETE',
    path: '/api/users/sign_out',
    summary: 'Sign out this browser',
    tag: 'auth',
    caller: 'guest',
    responses: { 204: null },
    errors: SHAPE,
  },
  {
    method: 'POST',
    path: '/api/users/password',
    summary: 'Mail a password reset link (the same answer for unknown addresses)',
    tag: 'auth',
    caller: 'guest',
    body: EmailRequestSchema,
    responses: { 201: EmptyBodySchema },
    errors: { ...FORM, ...RESTRICTED },
  },
  {
    method: 'PUT',
    path: '/api/users/password',
    summary: 'Set a new password from a reset link; signs in unless two-factor is on',
    tag: 'auth',
    caller: 'guest',
    body: PasswordUpdateRequestSchema,
    responses: { 200: z.union([PlayerSchema, PasswordResetTwoFactorBodySchema]) },
    errors: { ...FORM, ...RESTRICTED },
  },
  {
    method: 'GET',
    path: '/api/users/confirmation',
    summary: 'Confirm an e-mail address from its link',
    tag: 'auth',
    caller: 'guest',
    query: ConfirmationQuerySchema,
    responses: { 200: z.union([PlayerSchema, ConfirmedBodySchema]) },
    errors: { ...FORM, ...RESTRICTED },
  },
  {
    method: 'POST',
    path: '/api/users/confirmation',
    summary: 'Mail the confirmation link again',
    tag: 'auth',
    caller: 'guest',
    body: EmailRequestSchema,
    responses: { 201: EmptyBodySchema },
    errors: { ...FORM, ...RESTRICTED },
  },
  ...['/api/v2/player/two_factor', '/api/player/two_factor'].flatMap((path): RouteContract[] => [
    {
      method: 'GET',
      path,
      summary: 'A new two-factor secret to scan (204 when two-factor is already on)',
      tag: 'auth',
      caller: 'player',
      query: NoQuerySchema,
      responses: { 200: TwoFactorSetupSchema, 204: null },
      errors: { ...SHAPE, ...SIGNED_IN },
    },
    {
      method: 'POST',
      path,
      summary: 'Turn two-factor authentication on',
      tag: 'auth',
      caller: 'player',
      body: TwoFactorEnableRequestSchema,
      responses: { 200: TwoFactorSetupSchema },
      errors: { ...FORM, ...SIGNED_IN, 422: ['validation_error', 'invalid_otp', 'two_factor_already_enabled'] },
    },
    {
      method: 'DELETE',
      path,
      summary: 'Turn two-factor authentication off',
      tag: 'auth',
      caller: 'player',
      body: TwoFactorDisableRequestSchema,
      responses: { 204: null },
      errors: { ...FORM, ...SIGNED_IN, ...STEP_UP, 422: ['validation_error', 'invalid_otp', 'two_factor_not_enabled'] },
    },
  ]),
];

const player: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/player',
    summary: 'The signed-in player',
    tag: 'player',
    caller: 'player',
    query: NoQuerySchema,
    responses: { 200: PlayerSchema },
    errors: { ...SHAPE, ...SIGNED_IN },
  },
  {
    method: 'PATCH',
    path: '/api/player',
    summary: 'Edit the profile',
    tag: 'player',
    caller: 'player',
    body: PlayerUpdateRequestSchema,
    responses: { 200: PlayerSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'PATCH',
    path: '/api/player/update_locale',
    summary: "Change the player's language",
    tag: 'player',
    caller: 'player',
    body: UpdateLocaleRequestSchema,
    responses: { 200: PlayerSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'GET',
    path: '/api/player/settings',
    summary: 'Realtime connection, captcha and registration settings (guests too)',
    tag: 'player',
    caller: 'guest',
    query: NoQuerySchema,
    responses: { 200: PlayerSettingsSchema },
    errors: SHAPE,
  },
  {
    method: 'GET',
    path: '/api/player/accounts',
    summary: "The player's wallets",
    tag: 'player',
    caller: 'player',
    query: AccountsQuerySchema,
    responses: { 200: AccountListSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'POST',
    path: '/api/player/accounts',
    summary: 'Open (or select) the wallet of a currency and play in it',
    tag: 'player',
    caller: 'player',
    body: CreateAccountRequestSchema,
    responses: { 201: AccountSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
];

/** Responsible-gambling limits (docs/limits.md). */
const LIMIT_REFUSALS = [
  'validation_error',
  'limit_type_unavailable',
  'limit_period_invalid',
  'limit_locked',
  'limit_not_found',
] as const;
const limits: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/user_limits',
    summary: 'The player’s limits and breaks, with what each window has used',
    tag: 'limits',
    caller: 'player',
    responses: { 200: UserLimitsResponseSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'POST',
    path: '/api/user_limits',
    summary: 'Set or change a limit (the limit object itself): tighter at once, looser parked 24 h for confirmation',
    tag: 'limits',
    caller: 'player',
    body: UserLimitRequestSchema,
    responses: { 200: UserLimitSchema, 201: UserLimitSchema },
    errors: { ...SIGNED_IN, 400: ['validation_error'], 404: ['limit_not_found'], 422: LIMIT_REFUSALS },
  },
  {
    method: 'DELETE',
    path: '/api/user_limits/{id}',
    summary: 'Ask to remove a limit: parked 24 h for confirmation; a break cannot be ended early',
    tag: 'limits',
    caller: 'player',
    params: IdParams,
    responses: { 200: UserLimitSchema },
    errors: { ...SIGNED_IN, 400: ['validation_error'], 404: ['limit_not_found'], 422: ['limit_locked'] },
  },
  {
    method: 'POST',
    path: '/api/user_limits/confirm',
    summary: 'Confirm a parked change with the mailed token, once its 24 h have passed',
    tag: 'limits',
    caller: 'player',
    body: UserLimitConfirmRequestSchema,
    responses: { 200: z.strictObject({ confirmed: z.literal(true), limit: UserLimitSchema.nullable() }) },
    errors: {
      ...SIGNED_IN,
      400: ['validation_error'],
      422: ['validation_error', 'limit_confirm_invalid', 'limit_confirm_too_early', 'limit_confirm_expired'],
    },
  },
];

/** Player verification (docs/verification.md). */
const documents: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/player/documents',
    summary: 'The player’s verification documents, newest first',
    tag: 'documents',
    caller: 'player',
    query: NoQuerySchema,
    responses: { 200: PlayerDocumentListSchema },
    errors: { ...SHAPE, ...SIGNED_IN },
  },
  {
    method: 'POST',
    path: '/api/player/documents',
    summary:
      'Upload a document (multipart: `document[attachment]`, `document[description]`, `document[document_type]`); JPEG, PNG, WebP, HEIC or PDF, found from its bytes',
    tag: 'documents',
    caller: 'player',
    body: DocumentUploadRequestSchema,
    bodyType: 'multipart/form-data',
    responses: { 201: PlayerDocumentSchema },
    errors: {
      ...SIGNED_IN,
      400: ['validation_error', 'bad_request'],
      413: ['document_too_large'],
      415: ['unsupported_media_type'],
      422: ['validation_error', ...DOCUMENT_UPLOAD_ERRORS],
    },
  },
  {
    method: 'DELETE',
    path: '/api/player/documents/{id}',
    summary: 'Delete a document still waiting for review',
    tag: 'documents',
    caller: 'player',
    params: IdParams,
    responses: { 204: null },
    errors: { ...SHAPE, ...SIGNED_IN, 404: ['document_not_found'], 422: ['document_locked'] },
  },
  {
    method: 'GET',
    path: '/api/admin/documents',
    summary: 'Operator: documents by status (default: waiting for review), oldest first (only with ADMIN_API_TOKEN)',
    tag: 'admin',
    caller: 'operator',
    query: AdminDocumentsQuerySchema,
    responses: { 200: AdminDocumentListSchema },
    errors: { ...SHAPE, 401: ['admin_token_invalid'] },
  },
  {
    method: 'POST',
    path: '/api/admin/documents/{id}/approve',
    summary: 'Operator: approve a document waiting for review; the player is told (only with ADMIN_API_TOKEN)',
    tag: 'admin',
    caller: 'operator',
    params: IdParams,
    body: DocumentApproveRequestSchema,
    responses: { 200: AdminReviewResponseSchema },
    errors: { ...FORM, 401: ['admin_token_invalid'], 404: ['document_not_found'], 409: ['document_already_reviewed'] },
  },
  {
    method: 'POST',
    path: '/api/admin/documents/{id}/reject',
    summary:
      'Operator: reject a document waiting for review, with a reason the player sees (only with ADMIN_API_TOKEN)',
    tag: 'admin',
    caller: 'operator',
    params: IdParams,
    body: DocumentRejectRequestSchema,
    responses: { 200: AdminReviewResponseSchema },
    errors: { ...FORM, 401: ['admin_token_invalid'], 404: ['document_not_found'], 409: ['document_already_reviewed'] },
  },
  {
    method: 'POST',
    path: '/api/admin/players/{id}/verification',
    summary: 'Operator: set or clear a player’s verified mark by hand (only with ADMIN_API_TOKEN)',
    tag: 'admin',
    caller: 'operator',
    params: IdParams,
    body: AdminVerificationRequestSchema,
    responses: { 200: AdminVerificationResponseSchema },
    errors: { ...FORM, 401: ['admin_token_invalid'], 404: ['player_not_found'] },
  },
];

const info: RouteContract[] = [
  ...(
    [
      ['/api/info/currencies', 'Currencies, with the visitor’s default', CurrencyInfoListSchema, InfoQuerySchema],
      ['/api/info/countries', 'Countries and their default currency', CountryInfoListSchema, InfoQuerySchema],
      ['/api/info/locales', 'Languages of the site', LocaleInfoListSchema, LocalesQuerySchema],
      ['/api/info/statuses', 'Loyalty levels and player groups', StatusInfoListSchema, InfoQuerySchema],
      ['/api/info/project', 'What this casino offers', ProjectInfoSchema, InfoQuerySchema],
      [
        '/json-api/serverdata',
        'Everything server-side rendering loads before the first paint',
        ServerDataSchema,
        InfoQuerySchema,
      ],
    ] as const
  ).map(([path, summary, response, query]): RouteContract => ({
    method: 'GET',
    path,
    summary,
    tag: 'info',
    caller: 'guest',
    query,
    responses: { 200: response },
    errors: FORM,
  })),
  {
    method: 'GET',
    path: '/api/info/crypto_exchange_rates',
    summary: 'Sandbox exchange rates of each coin to each fiat currency',
    tag: 'info',
    caller: 'guest',
    responses: { 200: CryptoRatesSchema },
  },
];

const games: RouteContract[] = [
  ...(['desktop', 'mobile'] as const).map((device): RouteContract => ({
    method: 'GET',
    path: `/api/games/allowed_${device}`,
    summary: `Identifiers of the games playable on ${device} (ETag, 304)`,
    tag: 'games',
    caller: 'guest',
    responses: { 200: AllowedGamesSchema, 304: null },
  })),
  {
    method: 'GET',
    path: '/api/games/providers',
    summary: 'Game providers with their game counts (ETag, 304)',
    tag: 'games',
    caller: 'guest',
    responses: { 200: z.array(ProviderSchema), 304: null },
  },
  {
    method: 'GET',
    path: '/api/games/collections',
    summary: 'Lobby collections with their game counts (ETag, 304)',
    tag: 'games',
    caller: 'guest',
    query: CollectionsQuerySchema,
    responses: { 200: z.array(CollectionSchema), 304: null },
    errors: SHAPE,
  },
  {
    method: 'POST',
    path: '/api/games_filter',
    summary: 'One page of the lobby: filtered, sorted games',
    tag: 'games',
    caller: 'guest',
    body: GamesFilterRequestSchema,
    responses: { 200: GamesFilterResponseSchema },
    errors: SHAPE,
  },
  {
    method: 'POST',
    path: '/api/games_filter/select',
    summary: 'Games by identifier',
    tag: 'games',
    caller: 'guest',
    body: GamesSelectRequestSchema,
    responses: { 200: GamesSelectResponseSchema },
    errors: SHAPE,
  },
  {
    method: 'POST',
    path: '/api/games_filter/select_by_seo_titles',
    summary: 'Games by seo title',
    tag: 'games',
    caller: 'guest',
    body: GamesSelectBySeoTitlesRequestSchema,
    responses: { 200: GamesSelectResponseSchema },
    errors: SHAPE,
  },
  {
    method: 'GET',
    path: '/api/games/random',
    summary: 'A random game, of a collection or of the whole lobby',
    tag: 'games',
    caller: 'guest',
    query: RandomGameQuerySchema,
    responses: { 200: GameSchema },
    errors: { ...SHAPE, 404: ['collection_not_found', 'game_not_found'] },
  },
  {
    method: 'GET',
    path: '/api/player/favorite_games',
    summary: 'Favourite games: objects, or launch ids with the v1 media type',
    tag: 'games',
    caller: 'player',
    responses: { 200: FavoriteGamesSchema },
    errors: SIGNED_IN,
  },
  ...(['PUT', 'DELETE'] as const).map((method): RouteContract => ({
    method,
    path: '/api/player/favorite_games/{id}',
    summary: method === 'PUT' ? 'Add a favourite by launch id' : 'Remove a favourite by launch id',
    tag: 'games',
    caller: 'player',
    params: IdParams,
    responses: method === 'PUT' ? { 201: null } : { 204: null },
    errors: { ...SIGNED_IN, 404: ['game_not_found'] },
  })),
  {
    method: 'GET',
    path: '/api/player/recent_games',
    summary: 'Recently opened games, newest first',
    tag: 'games',
    caller: 'player',
    responses: { 200: z.array(RecentGameSchema) },
    errors: SIGNED_IN,
  },
  {
    method: 'GET',
    path: '/api/player/played_games',
    summary: 'Identifiers of recently opened games, newest first',
    tag: 'games',
    caller: 'player',
    responses: { 200: z.array(PlayedGameSchema) },
    errors: SIGNED_IN,
  },
  {
    method: 'POST',
    path: '/api/player/played_games',
    summary: 'The player opened a game',
    tag: 'games',
    caller: 'player',
    body: PlayedGameRequestSchema,
    responses: { 201: PlayedGameSchema },
    errors: { ...SHAPE, ...SIGNED_IN, 404: ['game_not_found'] },
  },
];

const ROUND_ERRORS = {
  400: ['invalid_request', 'invalid_bet', 'invalid_action', 'bet_too_small', 'bet_too_large'],
  ...SESSION,
  403: ['player_disabled', 'gambling_blocked'],
  409: ['round_open', 'round_finished', 'round_changed', 'shared_round_game', 'betting_closed', 'bet_pending'],
  422: ['insufficient_funds'],
  502: ['wallet_unavailable', 'wallet_refused'],
} as const;

const gamesHost: RouteContract[] = [
  {
    method: 'POST',
    path: '/games-api/sessions',
    summary: 'Launch a game: a game session for real money (signed in) or FUN',
    tag: 'games host',
    caller: 'guest',
    body: LaunchRequestSchema,
    responses: { 200: GameSessionSchema },
    errors: {
      400: ['invalid_request'],
      401: ['login_required'],
      403: ['player_disabled', 'currency_unavailable', 'gambling_blocked', 'demo_unavailable'],
      404: ['game_not_found'],
      503: ['game_unavailable'],
    },
  },
  {
    method: 'GET',
    path: '/games-api/session',
    summary: 'The game session of the `x-game-session` token',
    tag: 'games host',
    caller: 'game_session',
    responses: { 200: GameSessionSchema },
    errors: SESSION,
  },
  {
    method: 'POST',
    path: '/games-api/rounds',
    summary: 'Bet: open a round (or join the shared round)',
    tag: 'games host',
    caller: 'game_session',
    body: BetRequestSchema,
    responses: { 200: RoundResponseSchema },
    errors: ROUND_ERRORS,
  },
  {
    method: 'POST',
    path: '/games-api/rounds/{id}/actions',
    summary: 'Act in an open round (hit, reveal, cash out, …)',
    tag: 'games host',
    caller: 'game_session',
    params: RoundIdParams,
    body: ActionRequestSchema,
    responses: { 200: RoundResponseSchema },
    errors: { ...ROUND_ERRORS, 400: [...ROUND_ERRORS[400], 'round_not_found'], 404: ['round_not_found'] },
  },
  {
    method: 'GET',
    path: '/games-api/rounds/{id}',
    summary: 'One round of this session',
    tag: 'games host',
    caller: 'game_session',
    params: RoundIdParams,
    responses: { 200: RoundSnapshotSchema },
    errors: { 400: ['round_not_found'], ...SESSION, 404: ['round_not_found'] },
  },
  {
    method: 'PUT',
    path: '/games-api/fairness/client_seed',
    summary: 'Choose the client seed (rotates the seed pair)',
    tag: 'games host',
    caller: 'game_session',
    body: ClientSeedRequestSchema,
    responses: { 200: SeedPairSchema },
    errors: { 400: ['invalid_client_seed'], ...SESSION },
  },
  {
    method: 'POST',
    path: '/games-api/fairness/rotate',
    summary: 'Rotate the seed pair: the old server seed is revealed',
    tag: 'games host',
    caller: 'game_session',
    responses: { 200: SeedPairSchema },
    errors: SESSION,
  },
  {
    method: 'GET',
    path: '/games-api/shared/{slug}',
    summary: "A shared-round game's current round and the last ended ones",
    tag: 'games host',
    caller: 'guest',
    params: SlugParams,
    responses: { 200: SharedSnapshotSchema },
    errors: { 404: ['game_not_found'] },
  },
  {
    method: 'GET',
    path: '/api/fairness',
    summary: "The player's seed pair",
    tag: 'fairness',
    caller: 'player',
    responses: { 200: SeedPairSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'PUT',
    path: '/api/fairness/client_seed',
    summary: 'Choose the client seed (rotates the seed pair)',
    tag: 'fairness',
    caller: 'player',
    body: ClientSeedRequestSchema,
    responses: { 200: SeedPairSchema },
    errors: { 400: ['invalid_client_seed'], ...SIGNED_IN },
  },
  {
    method: 'POST',
    path: '/api/fairness/rotate',
    summary: 'Rotate the seed pair: the old server seed is revealed',
    tag: 'fairness',
    caller: 'player',
    responses: { 200: SeedPairSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'GET',
    path: '/api/fairness/rounds/{id}',
    summary: 'Everything needed to replay one of the player’s rounds',
    tag: 'fairness',
    caller: 'player',
    params: RoundIdParams,
    responses: { 200: FairRoundSchema },
    errors: { 400: ['round_not_found'], ...SIGNED_IN, 404: ['round_not_found'] },
  },
  {
    method: 'GET',
    path: '/api/player/games',
    summary: 'Game history, newest first; the total is in `x-total-count`',
    tag: 'history',
    caller: 'player',
    query: GameHistoryQuerySchema,
    responses: { 200: GameHistorySchema },
    errors: { 400: ['invalid_filter'], ...SIGNED_IN },
  },
  {
    method: 'GET',
    path: '/api/stats/winners/latest',
    summary: 'The latest big wins (masked nicknames)',
    tag: 'history',
    caller: 'guest',
    responses: { 200: WinnersSchema },
  },
];

const jackpots: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/jackpots',
    summary: 'Active jackpots with their levels',
    tag: 'jackpots',
    caller: 'guest',
    responses: { 200: JackpotListSchema },
  },
  {
    method: 'GET',
    path: '/api/games/jackpots',
    summary: 'Jackpot totals per currency and provider',
    tag: 'jackpots',
    caller: 'guest',
    responses: { 200: JackpotTotalsSchema },
  },
  {
    method: 'GET',
    path: '/api/jackpot_wins',
    summary: 'Recent jackpot awards',
    tag: 'jackpots',
    caller: 'guest',
    responses: { 200: JackpotWinListSchema },
  },
];

const PAYMENT_ERRORS = {
  ...FORM,
  ...SIGNED_IN,
  422: [
    'validation_error',
    'currency_unavailable',
    'method_unavailable',
    'amount_too_small',
    'amount_too_large',
    'balance_limit',
    'profile_unavailable',
    'profile_required',
    'insufficient_funds',
  ],
} as const;

const payments: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/payments/methods',
    summary: 'Deposit or withdrawal methods for a currency, with saved profiles',
    tag: 'payments',
    caller: 'player',
    query: PaymentMethodsQuerySchema,
    responses: { 200: PaymentMethodListSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'GET',
    path: '/api/payments/plan',
    summary: 'When the money would arrive, checked like a submission, changing nothing',
    tag: 'payments',
    caller: 'player',
    query: PaymentPlanQuerySchema,
    responses: { 200: PaymentPlanResponseSchema },
    errors: PAYMENT_ERRORS,
  },
  {
    method: 'POST',
    path: '/api/payments/deposits',
    summary: 'Start a deposit (optional `Idempotency-Key`); the balance moves on the provider’s webhook',
    tag: 'payments',
    caller: 'player',
    body: PaymentRequestSchema,
    responses: { 201: DepositResponseSchema },
    errors: {
      ...PAYMENT_ERRORS,
      400: ['validation_error', 'invalid_idempotency_key'],
      409: ['idempotency_key_reused', 'idempotency_key_in_use'],
      // docs/limits.md#enforcement: a break or a deposit limit refuses the deposit before any provider.
      422: [...PAYMENT_ERRORS[422], 'deposit_limit_reached', 'self_excluded', 'cooling_off'],
    },
  },
  {
    method: 'POST',
    path: '/api/payments/withdrawals',
    summary: 'Request a withdrawal (optional `Idempotency-Key`); a new destination needs a step-up',
    tag: 'payments',
    caller: 'player',
    body: PaymentRequestSchema,
    responses: { 201: PaymentResponseSchema },
    errors: {
      ...PAYMENT_ERRORS,
      400: ['validation_error', 'invalid_idempotency_key'],
      ...STEP_UP,
      409: ['idempotency_key_reused', 'idempotency_key_in_use'],
      // docs/verification.md#withdrawal-threshold: past the threshold an unverified player is refused.
      422: [...PAYMENT_ERRORS[422], 'verification_required'],
    },
  },
  {
    method: 'GET',
    path: '/api/player/stats',
    summary: 'Lifetime sums of completed payments and bets per currency (major units)',
    tag: 'payments',
    caller: 'player',
    responses: { 200: PlayerStatsSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'GET',
    path: '/api/player/payments',
    summary: 'Every payment, newest first',
    tag: 'payments',
    caller: 'player',
    responses: { 200: PaymentListSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'POST',
    path: '/api/player/payments/with_pages',
    summary: 'One page of payments, optionally filtered',
    tag: 'payments',
    caller: 'player',
    body: PaymentsPageRequestSchema,
    responses: { 200: PaymentsPageSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'POST',
    path: '/api/player/payments/{id}/recall',
    summary: 'Cancel a pending withdrawal; the money comes back',
    tag: 'payments',
    caller: 'player',
    params: PaymentIdParamsSchema,
    responses: { 200: PaymentResponseSchema },
    errors: { ...SHAPE, ...SIGNED_IN, 404: ['payment_not_found'], 409: ['not_recallable', 'recall_disabled'] },
  },
  {
    method: 'DELETE',
    path: '/api/payments/profiles/{id}',
    summary: 'Forget a saved card or account',
    tag: 'payments',
    caller: 'player',
    params: PaymentIdParamsSchema,
    responses: { 204: null },
    errors: { ...SHAPE, ...SIGNED_IN, 404: ['profile_not_found'] },
  },
  {
    method: 'GET',
    path: '/api/payments/crypto/addresses',
    summary: "The player's crypto deposit addresses",
    tag: 'payments',
    caller: 'player',
    responses: { 200: CryptoAddressListSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'POST',
    path: '/api/payments/crypto/addresses',
    summary: 'The deposit address of a coin (opens its wallet when there is none)',
    tag: 'payments',
    caller: 'player',
    body: CryptoAddressRequestSchema,
    responses: { 201: CryptoAddressSchema },
    errors: { ...FORM, ...SIGNED_IN, 422: ['validation_error', 'currency_unavailable'] },
  },
  {
    method: 'GET',
    path: '/api/payments/crypto/onramp',
    summary: 'Card-to-crypto entries the crypto tab offers',
    tag: 'payments',
    caller: 'player',
    responses: { 200: OnrampListSchema },
    errors: SIGNED_IN,
  },
  {
    method: 'POST',
    path: '/api/users/transaction',
    summary: 'The risk payload of a submitted payment, stored for review',
    tag: 'payments',
    caller: 'player',
    body: RiskPayloadSchema,
    responses: { 201: RiskTransactionResponseSchema },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'POST',
    path: '/log-payments-dep',
    summary: 'What the cashbox showed, for the operator’s logs',
    tag: 'payments',
    caller: 'player',
    body: DepositMethodsLogSchema,
    responses: { 204: null },
    errors: { ...FORM, ...SIGNED_IN },
  },
  {
    method: 'POST',
    path: '/sandbox-chain/send',
    summary: 'Sandbox only: send coins to an address from the faucet',
    tag: 'sandbox',
    caller: 'player',
    body: FaucetRequestSchema,
    responses: { 201: FaucetResponseSchema },
    errors: { ...FORM, ...SIGNED_IN, 422: ['validation_error', 'unknown_address'] },
  },
  {
    method: 'POST',
    path: '/sandbox-chain/mine',
    summary: 'Sandbox only: mine a block now',
    tag: 'sandbox',
    caller: 'player',
    responses: { 200: MineResponseSchema },
    errors: SIGNED_IN,
  },
];

const wallet: RouteContract[] = [
  {
    method: 'POST',
    path: '/wallet/v1/{action}',
    summary:
      'Seamless-wallet protocol (balance, bet, win, rollback, round), HMAC-signed raw body; answers `{ status }`, never the error body',
    tag: 'wallet',
    caller: 'provider',
    params: z.strictObject({ action: z.enum(['balance', 'bet', 'win', 'rollback', 'round']) }),
    body: z.union([
      BalanceRequestSchema,
      WalletBetRequestSchema,
      WinRequestSchema,
      RollbackRequestSchema,
      RoundRequestSchema,
    ]),
    responses: {
      200: WalletResponseSchema,
      // A URL Fastify cannot read is refused before the protocol runs, with the API's error body.
      400: z.union([WalletResponseSchema, ApiErrorBodySchema]),
      401: WalletResponseSchema,
      404: WalletResponseSchema,
      409: WalletResponseSchema,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/wallet/credits',
    summary: 'Operator: credit a player from the payment-clearing account (only with ADMIN_API_TOKEN)',
    tag: 'admin',
    caller: 'operator',
    body: AdminCreditRequestSchema,
    responses: { 200: AdminCreditResponseSchema, 201: AdminCreditResponseSchema },
    errors: {
      400: ['invalid_credit', 'credit_refused'],
      401: ['admin_token_invalid'],
      404: ['player_not_found'],
      422: ['balance_limit'],
    },
  },
];

const admin: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/admin/jobs',
    summary: 'Operator: the leased jobs, their runs per state, last completion and failure (only with ADMIN_API_TOKEN)',
    tag: 'admin',
    caller: 'operator',
    responses: { 200: AdminJobsResponseSchema },
    errors: { 401: ['admin_token_invalid'] },
  },
];

export const ROUTES: readonly RouteContract[] = [
  ...auth,
  ...player,
  ...limits,
  ...documents,
  ...info,
  ...games,
  ...gamesHost,
  ...jackpots,
  ...payments,
  ...wallet,
  ...admin,
];

/** The route of a method and path (`/api/player/payments/{id}/recall`), for tests and tools. */
export function routeContract(method: HttpMethod, path: string): RouteContract {
  const found = ROUTES.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`No contract for ${method} ${path}`);
  return found;
}
