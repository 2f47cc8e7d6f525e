import { deriveKey } from '../../config/secrets.ts';
import { buildMail } from '../mail/index.ts';
import { defineModule } from '../module.ts';
import { findUserById } from '../player/index.ts';
import { documentsAdminRoutes, documentsRoutes } from './documents.routes.ts';
import { documentsForExport, verificationChangesForExport } from './documents.repository.ts';
import { DocumentsService } from './documents.service.ts';
import { localFileStorage } from './storage.ts';

export type { FileStorage } from './storage.ts';

declare module '../module.ts' {
  interface ModuleApis {
    documents: DocumentsService;
  }
}

/**
 * Player verification (docs/verification.md): document uploads into the document store (a local
 * folder; the `FileStorage` interface is where another store plugs in), the operator's review, the
 * player's `verified` mark. The withdrawal threshold that reads the mark is the payments module's.
 */
export const documentsModule = defineModule({
  name: 'documents',
  channels: ['documents_changes'],
  setup: (ctx): DocumentsService =>
    new DocumentsService({
      db: ctx.database.db,
      clock: ctx.clock,
      storage: localFileStorage(ctx.env.documentsDir),
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
