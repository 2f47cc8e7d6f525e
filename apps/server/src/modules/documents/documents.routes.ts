import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminDocumentsQuerySchema,
  AdminVerificationRequestSchema,
  DocumentApproveRequestSchema,
  DocumentRejectRequestSchema,
  DocumentUploadFieldsSchema,
} from '@croupier/shared/api/documents';
import { EmptyBodySchema } from '@croupier/shared/api/auth';
import { NoQuerySchema, recordIdParam } from '@croupier/shared/api/primitives';
import { parseBody, parseInput, parseParams, parseQuery } from '../../http/validate.ts';
import { AppError } from '../../lib/errors.ts';
import { uploadRefusal, type DocumentsService, type StoredFile } from './documents.service.ts';
import { EXTENSIONS } from './sniff.ts';

const IdParams = z.strictObject({ id: recordIdParam });

/** The multipart field names of an upload (docs/verification.md#uploads). */
const FILE_FIELD = 'document[attachment]';
const TEXT_FIELDS: Record<string, 'description' | 'document_type'> = {
  'document[description]': 'description',
  'document[document_type]': 'document_type',
};

/**
 * Sends a stored document so that no browser can run it: only the type its bytes were found to
 * have, never sniffed again, in a sandbox with nothing allowed, as a download unless it is an image.
 */
function sendFile(reply: FastifyReply, file: StoredFile) {
  const image = file.contentType.startsWith('image/');
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${image ? 'inline' : 'attachment'}; filename="document-${file.id}.${EXTENSIONS[file.contentType]}"`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** Reads the upload's parts; every multipart failure becomes a stable code. */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart())
    throw new AppError(415, 'unsupported_media_type', 'Send the document as multipart/form-data.');
  let bytes: Buffer | undefined;
  let fileName: string | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 8, parts: 10, fieldSize: 4096, fieldNameSize: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Another file field is read to its end and dropped: only the attachment is kept.
        const content = await part.toBuffer();
        if (part.fieldname === FILE_FIELD) {
          bytes = content;
          fileName = part.filename;
        }
      } else if (TEXT_FIELDS[part.fieldname] && typeof part.value === 'string') {
        fields[TEXT_FIELDS[part.fieldname]!] = part.value;
      }
      // Other text fields are ignored, as unknown keys of the client's calls are.
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw uploadRefusal(413, 'document_too_large', `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(413, 'payload_too_large', 'Send one file and its description only.');
    throw new AppError(400, 'bad_request', 'The upload could not be read.');
  }
  const parsed = parseInput(DocumentUploadFieldsSchema, fields);
  if (!bytes) throw uploadRefusal(422, 'document_missing', 'Choose a file to upload.');
  return { bytes, fileName, description: parsed.description, documentType: parsed.document_type };
}

/** `/api/player/documents` (docs/verification.md): the player's own documents only; never cached. */
export async function documentsRoutes(
  app: FastifyInstance,
  { documents, maxBytes }: { documents: DocumentsService; maxBytes: number },
) {
  // Multipart is parsed only here: no other route accepts a form upload.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/api/player/documents', async (request) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    return documents.list(user.id);
  });

  app.post('/api/player/documents', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    const upload = await readUpload(request, maxBytes);
    return reply.status(201).send(await documents.upload(user.id, upload));
  });

  app.delete('/api/player/documents/:id', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    parseBody(EmptyBodySchema.optional(), request);
    const user = await request.requireUser();
    const { id } = parseParams(IdParams, request);
    await documents.remove(user.id, id);
    return reply.status(204).send();
  });

  app.get('/api/player/documents/:id/file', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const user = await request.requireUser();
    const { id } = parseParams(IdParams, request);
    return sendFile(reply, await documents.fileOf(user.id, id));
  });
}

/** Operator review (the module's `adminRoutes`: only with ADMIN_API_TOKEN, checked before the handler). */
export async function documentsAdminRoutes(app: FastifyInstance, { documents }: { documents: DocumentsService }) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/admin/documents', async (request) => {
    const query = parseQuery(AdminDocumentsQuerySchema, request);
    return documents.adminList({ status: query.status, userId: query.user_id });
  });

  app.get('/api/admin/documents/:id/file', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const { id } = parseParams(IdParams, request);
    return sendFile(reply, await documents.file(id));
  });

  app.post('/api/admin/documents/:id/approve', { config: { csrf: false } }, async (request) => {
    const { id } = parseParams(IdParams, request);
    const { reviewer } = parseBody(DocumentApproveRequestSchema, request);
    return documents.approve(id, reviewer);
  });

  app.post('/api/admin/documents/:id/reject', { config: { csrf: false } }, async (request) => {
    const { id } = parseParams(IdParams, request);
    const { reviewer, reason } = parseBody(DocumentRejectRequestSchema, request);
    return documents.reject(id, reviewer, reason);
  });

  app.post('/api/admin/players/:id/verification', { config: { csrf: false } }, async (request) => {
    const { id } = parseParams(IdParams, request);
    const body = parseBody(AdminVerificationRequestSchema, request);
    return documents.setVerified(id, body.verified, body.reviewer, body.reason ?? null);
  });
}
