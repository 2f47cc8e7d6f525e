import { dehydrate, type DehydratedState, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { getServerApi } from './api-context';
import { makeQueryClient } from './query-client';

/**
 * Server-side data for a route: runs the given queries through the in-process api and returns
 * the dehydrated cache, which the route renders inside <HydrationBoundary>. Failures are left
 * out (the component's own useQuery shows its error/loading state), so a slow or failing
 * endpoint never breaks the whole page.
 */
export async function prefetchQueries(
  context: unknown,
  build: (api: ApiClient) => FetchQueryOptions<unknown, Error, unknown, QueryKey, never>[],
): Promise<DehydratedState> {
  const api = getServerApi(context);
  const qc = makeQueryClient();
  await Promise.all(build(api).map((options) => qc.prefetchQuery(options)));
  return dehydrate(qc);
}
