/**
 * Client loaders of the pages whose data the components fetch themselves (home, lists, search):
 * nothing to wait for, just the same shape as the server loader. Kept apart from
 * lookup-client-data.ts so the home page ships none of the lookup code.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { SEARCH_MIN_LENGTH } from '../constants';
import { browserDevice } from '../utils/device';
import type { HomeData, ListData, ProducersData, SearchData } from './types';

type Args = Pick<LoaderFunctionArgs, 'url'>;

/** The search text of a URL, trimmed; '' when too short to send. */
export function searchQuery(url: URL): string {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  return q.length >= SEARCH_MIN_LENGTH ? q : '';
}

export async function homeClientData(): Promise<HomeData> {
  return { device: browserDevice() };
}

export async function listClientData(): Promise<ListData> {
  return { device: browserDevice() };
}

export async function searchClientData({ url }: Args): Promise<SearchData> {
  return { device: browserDevice(), query: searchQuery(url) };
}

export async function producersClientData(): Promise<ProducersData> {
  return {};
}
