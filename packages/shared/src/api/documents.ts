/**
 * Player verification (KYC, docs/verification.md): the player's documents
 * (`GET/POST /api/player/documents`, `DELETE /api/player/documents/{id}`,
 * `GET /api/player/documents/{id}/file`) and the operator's review (`/api/admin/documents…`,
 * `/api/admin/players/{id}/verification`).
 */
import { z } from 'zod';
import { text } from './primitives.ts';

/** What a document proves: the player's identity, their address, a deposit, a payment method. */
export const DOCUMENT_TYPES = ['identity', 'address', 'deposit', 'payment_method'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * `not_approved`: uploaded, waiting for an operator (the only state a player may delete);
 * `approved` and `rejected` are final, set by an operator's review.
 */
export const DOCUMENT_STATUSES = ['not_approved', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The documents that make a player verified when both are approved (docs/verification.md#verified). */
export const VERIFYING_DOCUMENT_TYPES = ['identity', 'address'] as const satisfies readonly DocumentType[];

/** The types a document may have, found from its first bytes (never the client's word for it). */
export const DOCUMENT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** Longest description a player may give a document. */
export const DOCUMENT_DESCRIPTION_MAX = 500;
/** Longest rejection reason an operator may give. */
export const REJECTION_REASON_MAX = 500;

/** Error codes of an upload (the page translates each). */
export const DOCUMENT_UPLOAD_ERRORS = [
  'document_missing',
  'document_too_large',
  'document_type_not_allowed',
  'document_limit_reached',
] as const;

/** One document as the player sees it. */
export const PlayerDocumentSchema = z.strictObject({
  id: z.number().int(),
  description: z.string().nullable(),
  document_type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  /** The operator's reason, once the document is rejected; null otherwise. */
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The name the file had on the player's device (display only; never used to serve it). */
  file_name: z.string(),
  /** The type the server found in the file's bytes. */
  content_type: z.enum(DOCUMENT_CONTENT_TYPES),
  size_bytes: z.number().int().nonnegative(),
});
export type PlayerDocument = z.infer<typeof PlayerDocumentSchema>;

export const PlayerDocumentListSchema = z.array(PlayerDocumentSchema);

/**
 * The text fields of the multipart upload (`document[description]`, `document[document_type]`),
 * after the file part is taken out. The SoftSwiss client sends no type: `identity` then.
 */
export const DocumentUploadFieldsSchema = z.strictObject({
  description: text({ multiline: true }).max(DOCUMENT_DESCRIPTION_MAX).optional(),
  document_type: z.enum(DOCUMENT_TYPES).optional(),
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFieldsSchema>;

/** The multipart body of `POST /api/player/documents`, as the OpenAPI document shows it. */
export const DocumentUploadRequestSchema = z.strictObject({
  'document[attachment]': z.string().describe('the file: JPEG, PNG, WebP, HEIC or PDF'),
  'document[description]': text({ multiline: true }).max(DOCUMENT_DESCRIPTION_MAX).optional(),
  'document[document_type]': z.enum(DOCUMENT_TYPES).optional(),
});

/** A realtime `documents_changes` event: a document after a review, and whether the player is verified now. */
export const DocumentChangeSchema = z.strictObject({
  document: PlayerDocumentSchema,
  verified: z.boolean(),
});
export type DocumentChange = z.infer<typeof DocumentChangeSchema>;

/** Who reviews: the operator names themselves (the admin token is shared), kept on the row. */
const reviewer = text().trim().min(1).max(100);

export const DocumentApproveRequestSchema = z.strictObject({ reviewer });
export const DocumentRejectRequestSchema = z.strictObject({
  reviewer,
  reason: text({ multiline: true }).trim().min(1).max(REJECTION_REASON_MAX),
});

export const AdminDocumentsQuerySchema = z.strictObject({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** A document as the operator sees it: the player's view with who it belongs to and who reviewed it. */
export const AdminDocumentSchema = z.strictObject({
  ...PlayerDocumentSchema.shape,
  user_id: z.number().int(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;

export const AdminDocumentListSchema = z.strictObject({ documents: z.array(AdminDocumentSchema) });

/** The answer of a review: the document and whether its player is verified now. */
export const AdminReviewResponseSchema = z.strictObject({
  document: AdminDocumentSchema,
  verified: z.boolean(),
});

export const AdminVerificationRequestSchema = z.strictObject({
  verified: z.boolean(),
  reviewer,
  reason: text({ multiline: true }).trim().min(1).max(REJECTION_REASON_MAX).optional(),
});

export const AdminVerificationResponseSchema = z.strictObject({
  user_id: z.number().int(),
  verified: z.boolean(),
});
