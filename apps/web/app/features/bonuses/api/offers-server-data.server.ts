/**
 * Server data of the public offer pages (/welcome-bonuses and /welcome-bonuses/<code>): the offers
 * are fetched in-process for the first paint (crawlers read the rules in the HTML) and travel to
 * the browser dehydrated. A code no offer has answers 404 with the page's own "not found" content.
 */
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { data } from 'react-router';
import { getServerApi } from '../../../lib/api-context';
import { makeQueryClient } from '../../../lib/query-client';
import { visibleOffers } from '../lib/bonuses-logic';
import { offersQueryOptions } from './get-offers';

export interface OffersData {
  dehydratedState?: DehydratedState;
}

async function prefetchOffers(context: unknown) {
  const api = getServerApi(context);
  const queryClient = makeQueryClient();
  // A failing call is left out: the page's own query shows its error state.
  const [deposit, registration] = await Promise.all([
    queryClient.fetchQuery(offersQueryOptions(api, 'deposit')).catch(() => null),
    queryClient.fetchQuery(offersQueryOptions(api, 'registration')).catch(() => null),
  ]);
  return { queryClient, deposit, registration };
}

export async function offersServerData(context: unknown): Promise<OffersData> {
  const { queryClient } = await prefetchOffers(context);
  return { dehydratedState: dehydrate(queryClient) };
}

export async function offerServerData(context: unknown, code: string) {
  const { queryClient, deposit, registration } = await prefetchOffers(context);
  const loaded = deposit !== null && registration !== null;
  const known = visibleOffers([...(deposit ?? []), ...(registration ?? [])]).some(
    (offer) => offer.id.toUpperCase() === code.toUpperCase(),
  );
  const body: OffersData = { dehydratedState: dehydrate(queryClient) };
  return loaded && !known ? data(body, { status: 404 }) : body;
}
