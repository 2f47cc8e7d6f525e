import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, PlayerDocument } from '@croupier/shared/api/documents';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { DOCUMENTS_KEY } from './query-keys';

export const UPLOAD_PATH = '/api/player/documents';

export interface UploadInput {
  file: File;
  description: string;
  documentType: DocumentType;
}

/**
 * `POST /api/player/documents` as a multipart form (docs/verification.md#uploads). Sent with
 * XMLHttpRequest rather than the API client, because only it reports upload progress; it sends the
 * same ajax marker the CSRF guard asks for, and a refusal becomes the same `ApiError`.
 */
export function uploadDocument(input: UploadInput, onProgress: (fraction: number) => void): Promise<PlayerDocument> {
  const form = new FormData();
  form.append('document[attachment]', input.file, input.file.name);
  if (input.description.trim()) form.append('document[description]', input.description.trim());
  form.append('document[document_type]', input.documentType);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-requested-with', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): kept as text, the error says "generic".
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as PlayerDocument);
      else reject(new ApiError(xhr.status, body, UPLOAD_PATH));
    };
    xhr.onerror = () => reject(new NetworkError('Network Error', false));
    xhr.onabort = () => reject(new NetworkError('Request aborted', false));
    xhr.send(form);
  });
}

/** Invalidates DOCUMENTS_KEY. */
export function useUploadDocument(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadDocument(input, onProgress),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
