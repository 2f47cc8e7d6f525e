import type { Locale } from '@croupier/shared/locales';
import { localizeServerDates } from '../i18n/format';
import type { ApiError } from './api-client';

/**
 * docs/player-app.md#server-errors-to-fields: server validation errors map to translated messages by full field path, then by the
 * last path segment, otherwise the raw server text is shown. The same order decides which form
 * field an error belongs to (`user.email` → field `user.email` if the form has it, else `email`).
 * Translation keys are `<prefix>.<path>.<message slug>`, e.g.
 * `server_errors.email.has_already_been_taken`; before falling back to the raw text, the message
 * alone is looked up under `<prefix>.any.<slug>` (common wordings such as "can't be blank").
 */
/**
 * The `error` text of a refused request, in the server's words but with its dates in the UI
 * locale (`localizeServerDates`); null when the answer has none. Every place that shows the
 * server's own text reads it through this.
 */
export function serverErrorText(error: ApiError, locale: Locale): string | null {
  const text = (error.body as { error?: unknown } | null)?.error;
  return typeof text === 'string' && text ? localizeServerDates(text, locale) : null;
}

export interface MappedErrors {
  fields: Record<string, string>;
  /** Messages for paths that match no field of the form. */
  general: string[];
}

export function messageSlug(message: string): string {
  return message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function mapServerErrors(
  errors: Record<string, string>,
  formFields: readonly string[],
  translate: (key: string) => string | null,
  prefix = 'server_errors',
): MappedErrors {
  const out: MappedErrors = { fields: {}, general: [] };
  for (const [path, raw] of Object.entries(errors)) {
    const last = path.split('.').pop() ?? path;
    const slug = messageSlug(raw);
    const message =
      (slug &&
        (translate(`${prefix}.${path}.${slug}`) ??
          translate(`${prefix}.${last}.${slug}`) ??
          translate(`${prefix}.any.${slug}`))) ||
      raw;
    const field = formFields.includes(path) ? path : formFields.includes(last) ? last : null;
    if (field && !(field in out.fields)) out.fields[field] = message;
    else if (!field) out.general.push(message);
  }
  return out;
}
