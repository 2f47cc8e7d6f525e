import { describe, expect, it } from 'vitest';
import { mapServerErrors, messageSlug } from './server-errors';

const dictionary: Record<string, string> = {
  'server_errors.user.email.has_already_been_taken': 'Full-path text',
  'server_errors.nickname.has_already_been_taken': 'Nickname taken',
  'server_errors.any.can_t_be_blank': 'Required',
};
const t = (key: string) => dictionary[key] ?? null;

describe('server validation errors → fields (docs/player-app.md#server-errors-to-fields)', () => {
  it('slugs messages', () => {
    expect(messageSlug("can't be blank")).toBe('can_t_be_blank');
    expect(messageSlug('has already been taken')).toBe('has_already_been_taken');
  });

  it('translates by full path, then last segment, then the message alone, else raw text', () => {
    const out = mapServerErrors(
      {
        'user.email': 'has already been taken',
        'user.nickname': 'has already been taken',
        city: "can't be blank",
        postal_code: 'looks odd',
      },
      ['email', 'nickname', 'city', 'postal_code'],
      t,
    );
    expect(out.fields).toEqual({
      email: 'Full-path text',
      nickname: 'Nickname taken',
      city: 'Required',
      postal_code: 'looks odd',
    });
    expect(out.general).toEqual([]);
  });

  it('assigns a field by full path first, then by its last segment', () => {
    expect(mapServerErrors({ 'player.first_name': 'x' }, ['player.first_name', 'first_name'], t).fields).toEqual({
      'player.first_name': 'x',
    });
    expect(mapServerErrors({ 'player.first_name': 'x' }, ['first_name'], t).fields).toEqual({ first_name: 'x' });
  });

  it('keeps errors of unknown fields as form-level messages', () => {
    expect(mapServerErrors({ base: 'Account locked' }, ['email'], t)).toEqual({
      fields: {},
      general: ['Account locked'],
    });
  });
});
