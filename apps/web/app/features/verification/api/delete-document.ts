import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { DOCUMENTS_KEY } from './query-keys';

/** `DELETE /api/player/documents/{id}`: only a document still waiting for review (204). */
export const deleteDocument = (api: ApiClient, id: number) => api.delete<null>(`/api/player/documents/${id}`);

/** Invalidates DOCUMENTS_KEY. */
export function useDeleteDocument() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDocument(api, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
