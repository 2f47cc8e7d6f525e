import type { DocumentContentType, DocumentType } from '@croupier/shared/api/documents';
import type { I18n } from '../../../i18n/runtime';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { serverErrorText } from '../../../lib/server-errors';

/** The types the server accepts (its contract's list; only types are imported here, so zod stays out of the page). */
const CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const satisfies readonly DocumentContentType[];

/** What the file picker offers: the accepted types, by type and by extension. */
export const ACCEPT = [...CONTENT_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.heic', '.pdf'].join(',');

/** The kinds of document, in the order the form offers them. */
export const DOCUMENT_KINDS = [
  'identity',
  'address',
  'deposit',
  'payment_method',
] as const satisfies readonly DocumentType[];

/** Codes the page has its own words for (docs/verification.md#uploads). */
const KNOWN_CODES = [
  'document_missing',
  'document_too_large',
  'payload_too_large',
  'document_type_not_allowed',
  'document_limit_reached',
  'document_locked',
  'document_not_found',
  'validation_error',
  'unauthorized',
] as const;

/** The text of a failed upload or delete: our words for a known code, else the server's text, else the generic one. */
export function verificationErrorMessage(error: unknown, i18n: I18n): string {
  if (error instanceof NetworkError) return i18n.t('common:errors.network');
  if (!(error instanceof ApiError)) return i18n.t('common:errors.generic');
  const code = error.code;
  if (code && (KNOWN_CODES as readonly string[]).includes(code)) return i18n.t(`verification:errors.${code}`);
  return serverErrorText(error, i18n.language) ?? i18n.t('common:errors.generic');
}

/** "1.4 MB", "830 KB" in the page's language. */
export function fileSize(bytes: number, locale: string): string {
  const format = (n: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n)} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / 1024 / 1024, 'MB');
  return format(Math.max(1, Math.round(bytes / 1024)), 'KB');
}
