import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerDocument } from '@croupier/shared/api/documents';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { DOCUMENTS_KEY } from './query-keys';

// The wire types come from the shared contract (docs/contract.md, docs/verification.md).
export type { DocumentType, PlayerDocument } from '@croupier/shared/api/documents';

/** `GET /api/player/documents`: the player's documents, newest first. */
export const getDocuments = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PlayerDocument[]>('/api/player/documents', signal ? { signal } : undefined);

export const documentsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: DOCUMENTS_KEY, queryFn: ({ signal }) => getDocuments(api, signal) });

export function useDocuments(enabled = true) {
  return useQuery({ ...documentsQueryOptions(useApi()), enabled });
}
