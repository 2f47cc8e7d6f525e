import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, localizeServerDates } from './format';

describe('formatDuration', () => {
  it('rounds up to the largest whole unit under the next one', () => {
    expect(formatDuration(0, 'en')).toBe('0 seconds');
    expect(formatDuration(30, 'en')).toBe('30 seconds');
    expect(formatDuration(60, 'en')).toBe('1 minute');
    expect(formatDuration(61, 'en')).toBe('2 minutes');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
    expect(formatDuration(90_000, 'en')).toBe('2 days');
  });

  it('speaks the player’s language', () => {
    expect(formatDuration(120, 'de')).toBe('2 Minuten');
    expect(formatDuration(-5, 'en')).toBe('0 seconds');
  });
});

describe('localizeServerDates', () => {
  const dayAndTime = (iso: string, locale: 'en' | 'de') =>
    formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });

  it('writes a UTC time of the server’s text as the app writes dates, in the UI locale', () => {
    expect(
      localizeServerDates('You are taking a break until 2026-11-29 19:53 UTC: no deposits until then.', 'en'),
    ).toBe(`You are taking a break until ${dayAndTime('2026-11-29T19:53:00Z', 'en')}: no deposits until then.`);
    expect(localizeServerDates('Ab 2026-11-29T19:53:10.5Z.', 'de')).toBe(
      `Ab ${dayAndTime('2026-11-29T19:53:00Z', 'de')}.`,
    );
    expect(localizeServerDates('self-excluded until 2027-05-28. To withdraw', 'en')).toBe(
      'self-excluded until May 28, 2027. To withdraw',
    );
  });

  it('leaves a text without a date, and a time without a zone, as it is', () => {
    expect(localizeServerDates('Play is blocked.', 'en')).toBe('Play is blocked.');
    expect(localizeServerDates('at 2026-11-29 19:53 local', 'en')).toBe('at 2026-11-29 19:53 local');
  });
});
