/**
 * The player's copy of their data and the operator's erasure (docs/privacy.md):
 * `POST /api/gdpr_reports`, `GET /api/gdpr_reports`, `GET /api/gdpr_reports/download?token=`,
 * `POST /api/admin/players/{id}/erasure`.
 */
import { z } from 'zod';
import { text } from './primitives.ts';

/**
 * pending: the job has not built it yet; ready: mailed, the link works; downloaded: the link was
 * used; expired: not used in time; cancelled: the player was erased before it was built.
 */
export const GDPR_REPORT_STATUSES = ['pending', 'ready', 'downloaded', 'expired', 'cancelled'] as const;
export type GdprReportStatus = (typeof GDPR_REPORT_STATUSES)[number];

/** One request for a copy of the player's data. Times are ISO 8601. */
export const GdprReportSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(GDPR_REPORT_STATUSES),
  requested_at: z.string(),
  /** When the copy was built and the link mailed. */
  ready_at: z.string().nullable(),
  /** Until when the mailed link works. */
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  /** The earliest time the player may ask for another copy. */
  next_request_at: z.string(),
});
export type GdprReport = z.infer<typeof GdprReportSchema>;

/** `GET /api/gdpr_reports`: the player's requests, newest first (the last 10). */
export const GdprReportListSchema = z.array(GdprReportSchema);

/** `POST /api/gdpr_reports` takes no fields; an empty object or no body at all. */
export const GdprReportRequestSchema = z.strictObject({}).optional();

/** `GET /api/gdpr_reports/download?token=`: the token from the mailed link. */
export const GdprDownloadQuerySchema = z.strictObject({ token: text().min(1).max(200) });

/** `POST /api/admin/players/{id}/erasure`: why, for the record (a ticket number; no personal data). */
export const GdprErasureRequestSchema = z.strictObject({ reason: text().max(200).optional() }).optional();

export const GdprErasureSchema = z.strictObject({
  player_id: z.number().int(),
  erased_at: z.string(),
  /** True when the player had already been erased: nothing changed this time. */
  already_erased: z.boolean(),
});
export type GdprErasure = z.infer<typeof GdprErasureSchema>;
