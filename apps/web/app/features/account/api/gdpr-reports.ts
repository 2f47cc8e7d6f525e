import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GdprReport } from '@croupier/shared/api/privacy';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

export type { GdprReport } from '@croupier/shared/api/privacy';

/** The player's requests for a copy of their data: player-owned (lib/query-keys.ts), dropped at sign-in and sign-out. */
export const GDPR_REPORTS_KEY = ['player', 'gdpr_reports'] as const;

/** `GET /api/gdpr_reports`: newest first (docs/privacy.md#the-copy-of-your-data). */
export const getGdprReports = (api: ApiClient, signal?: AbortSignal) =>
  api.get<GdprReport[]>('/api/gdpr_reports', signal ? { signal } : undefined);

export const gdprReportsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: GDPR_REPORTS_KEY, queryFn: ({ signal }) => getGdprReports(api, signal) });

export function useGdprReports(enabled = true) {
  return useQuery({ ...gdprReportsQueryOptions(useApi()), enabled });
}

/** `POST /api/gdpr_reports`: a new request; the job mails the link. Invalidates GDPR_REPORTS_KEY. */
export const requestGdprReport = (api: ApiClient) => api.post<GdprReport>('/api/gdpr_reports', {});

export function useRequestGdprReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestGdprReport(api),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: GDPR_REPORTS_KEY }),
  });
}

/**
 * `GET /api/gdpr_reports/download?token=`: the copy, once. Read through the API client so a used or
 * expired link shows its message instead of downloading an error; the page saves it as a file.
 */
export const downloadGdprReport = (api: ApiClient, token: string) =>
  api.get<Record<string, unknown>>(`/api/gdpr_reports/download?token=${encodeURIComponent(token)}`);

export function useDownloadGdprReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => downloadGdprReport(api, token),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: GDPR_REPORTS_KEY }),
  });
}
