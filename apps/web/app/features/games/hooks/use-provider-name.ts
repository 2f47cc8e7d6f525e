import { useCallback } from 'react';
import { useProviders } from '../api/get-providers';
import { providerName } from '../utils/providers';

/** Provider id → display title (games carry only the provider id). */
export function useProviderName(): (id: string) => string {
  const { data } = useProviders();
  return useCallback((id: string) => providerName(id, data), [data]);
}
