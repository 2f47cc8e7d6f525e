import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

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
