import { describe, expect, it } from 'vitest';
import { pathParamTarget, keepQueryTarget } from './redirect-routes';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath (no open redirect)', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeRedirectPath('/users')).toBe('/users');
    expect(safeRedirectPath('/de/pokies/all?page=2#top')).toBe('/de/pokies/all?page=2#top');
    expect(safeRedirectPath('/a/../users')).toBe('/users');
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['absolute http', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'users'],
    ['tab-smuggled slash', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
  });
});

describe('redirect routes', () => {
  it('/redirect?path= follows same-site paths only, otherwise main of the locale', () => {
    expect(pathParamTarget('http://x.test/redirect?path=%2Fpokies%2Fall')).toBe('/pokies/all');
    expect(pathParamTarget('http://x.test/redirect?path=https%3A%2F%2Fevil.example')).toBe('/');
    expect(pathParamTarget('http://x.test/de/redirect?path=%2F%2Fevil.example')).toBe('/de');
    expect(pathParamTarget('http://x.test/redirect')).toBe('/');
  });

  it('keeps the query on the password-edit and confirmation redirects', () => {
    expect(keepQueryTarget('http://x.test/users/password/edit?reset_password_token=abc', 'newPassword')).toBe(
      '/new-password?reset_password_token=abc',
    );
    expect(keepQueryTarget('http://x.test/pt-br/users/confirmation?confirmation_token=t', 'confirmation')).toBe(
      '/pt-BR/confirmation?confirmation_token=t',
    );
  });
});
