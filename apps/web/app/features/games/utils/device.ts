import type { Device } from '../types';

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|Silk/i;

/** The `device` games_filter takes, from a user agent. The server and the browser agree on it. */
export function deviceFromUserAgent(userAgent: string | null | undefined): Device {
  return userAgent && MOBILE_UA.test(userAgent) ? 'mobile' : 'desktop';
}

/** The browser's device (client loaders). */
export function browserDevice(): Device {
  return deviceFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
