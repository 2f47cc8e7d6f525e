import type { I18n } from '../i18n/runtime';
import { ApiError, NetworkError } from './api-client';
import { mapServerErrors, serverErrorText } from './server-errors';

/**
 * Turns a failed submit into what a form shows: translated messages at the fields they belong to
 * (docs/player-app.md#server-errors-to-fields mapping, translations from `<ns>:server_errors`), and one form-level message for the
 * rest (server `error` text, network trouble, or the generic message).
 */
export function apiErrorToForm(
  error: unknown,
  formFields: readonly string[],
  i18n: I18n,
  ns: string,
): { fields: Record<string, string>; general: string | null } {
  if (error instanceof NetworkError) return { fields: {}, general: i18n.t('common:errors.network') };
  if (!(error instanceof ApiError)) return { fields: {}, general: i18n.t('common:errors.generic') };
  const translate = (key: string) => (i18n.exists(`${ns}:${key}`) ? i18n.t(`${ns}:${key}`) : null);
  const mapped = mapServerErrors(error.fieldErrors, formFields, translate);
  const serverText = serverErrorText(error, i18n.language);
  const general =
    mapped.general[0] ??
    (Object.keys(mapped.fields).length > 0 ? null : (serverText ?? i18n.t('common:errors.generic')));
  return { fields: mapped.fields, general };
}
