import { deriveKey } from '../../config/secrets.ts';
import { buildMail } from '../mail/index.ts';
import { defineModule, type ModuleContext } from '../module.ts';
import { findUserById } from '../player/index.ts';
import { documentsAdminRoutes, documentsRoutes } from './documents.routes.ts';
import { documentsForExport, verificationChangesForExport } from './documents.repository.ts';
import { DocumentsService } from './documents.service.ts';
import { localFileStorage, type FileStorage } from './storage.ts';

export type { FileStorage } from './storage.ts';
export type { S3StoreConfig } from './storage-s3.ts';

/**
 * The store DOCUMENTS_STORE names (docs/verification.md#storage). The S3 client is loaded only when
 * asked for. A bucket that does not answer is logged, not fatal: the server still starts, and
 * uploads fail with the store's error until it is reachable.
 */
async function documentStore(ctx: ModuleContext): Promise<FileStorage> {
  const s3 = ctx.env.documentsS3;
  if (!s3) return localFileStorage(ctx.env.documentsDir);
  const { s3FileStorage } = await import('./storage-s3.ts');
  const storage = s3FileStorage(s3);
  const where = { bucket: s3.bucket, prefix: s3.prefix, endpoint: s3.endpoint ?? 'Amazon S3' };
  try {
    await storage.check();
    ctx.log.info(where, 'documents: S3 store ready');
  } catch (error) {
    ctx.log.error({ ...where, err: error }, 'documents: S3 store unreachable; uploads will fail until it answers');
  }
  return storage;
}

declare module '../module.ts' {
  interface ModuleApis {
    documents: DocumentsService;
  }
}

/**
 * Player verification (docs/verification.md): document uploads into the document store (a local
 * folder or an S3-compatible bucket, DOCUMENTS_STORE), the operator's review, the player's
 * `verified` mark. The withdrawal threshold that reads the mark is the payments module's.
 */
export const documentsModule = defineModule({
  name: 'documents',
  channels: ['documents_changes'],
  setup: async (ctx): Promise<DocumentsService> =>
    new DocumentsService({
      db: ctx.database.db,
      clock: ctx.clock,
      storage: await documentStore(ctx),
      key: deriveKey(ctx.env.appSecret, 'document-store'),
      maxBytes: ctx.env.DOCUMENT_MAX_BYTES,
      publish: (userId, change) => ctx.publish.toPlayer(userId, 'documents_changes', change),
      async mail(userId, kind, reason) {
        const user = await findUserById(ctx.database.db, userId);
        if (!user) return;
        const link = `${ctx.env.publicUrl}/users/verification`;
        await ctx.mailer.send(buildMail(kind, user, link, reason ? { reason } : undefined));
      },
      onError: (message, error) => ctx.log.error({ err: error }, message),
    }),
  close: (documents) => documents.close(),
  routes: (app, documents, ctx) => documentsRoutes(app, { documents, maxBytes: ctx.env.DOCUMENT_MAX_BYTES }),
  adminRoutes: (app, documents) => documentsAdminRoutes(app, { documents }),
  // No erase: identity and address documents are customer due-diligence records that
  // anti-money-laundering law keeps for years after the account closes (docs/privacy.md#what-is-kept-and-why).
  personalData: () => ({
    sections: {
      documents:
        'The verification documents you sent: their kind, name, size and how they were reviewed (not the files themselves).',
      verification_changes:
        'Each change of your verified mark: when, whether by your documents or by our staff, and why.',
    },
    export: async (userId, tx) => ({
      documents: await documentsForExport(tx, userId),
      verification_changes: await verificationChangesForExport(tx, userId),
    }),
  }),
});
