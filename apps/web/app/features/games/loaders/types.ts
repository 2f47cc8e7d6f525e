/** Route data of the lobby and game pages: server loaders and client loaders answer in these shapes. */
import type { DehydratedState } from '@tanstack/react-query';
import type { Device } from '../types';

export interface HomeData {
  dehydratedState?: DehydratedState;
  device: Device;
}

export interface CategoryData {
  dehydratedState?: DehydratedState;
  device: Device;
  notFound: boolean;
  /** Collection title for the page title; null when unknown. */
  title: string | null;
}

export interface ProducersData {
  dehydratedState?: DehydratedState;
}

export interface ProducerData {
  dehydratedState?: DehydratedState;
  device: Device;
  notFound: boolean;
  title: string | null;
  /** First page to list (`/producers/{slug}/{page}`). */
  startPage: number;
}

export interface ListData {
  dehydratedState?: DehydratedState;
  device: Device;
}

export interface SearchData extends ListData {
  query: string;
}

export interface GameData {
  dehydratedState?: DehydratedState;
  notFound: boolean;
  title: string | null;
  /** Provider display title. */
  provider: string | null;
}
