import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CountryInfoSchema,
  CurrencyInfoSchema,
  LocaleInfoSchema,
  ProjectInfoSchema,
  ServerDataSchema,
  StatusInfoSchema,
} from '@croupier/shared/api/info';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { signUp } from '../auth/test-helpers.ts';
import { seedStatuses } from './statuses.seed.ts';

describe('info: /api/info/* and /json-api/serverdata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RESTRICTED_COUNTRIES: 'US,GB' });
  });
  afterAll(async () => t.close());

  it('lists the documented currencies with their minor units, fiat flag and the visitor geo default', async () => {
    const guest = createClient(t.app);
    const list = expectContract(z.array(CurrencyInfoSchema), (await guest.get('/api/info/currencies')).json());
    expect(list.map((c) => c.code)).toEqual([
      'AUD',
      'CAD',
      'NZD',
      'EUR',
      'USD',
      'PLN',
      'JPY',
      'NOK',
      'BRL',
      'BTC',
      'ETH',
      'BCH',
      'LTC',
      'DOG',
      'USDT',
    ]);
    expect(list.find((c) => c.code === 'EUR')).toMatchObject({ subunits_to_unit: 100, fiat: true, default: true });
    expect(list.find((c) => c.code === 'BTC')).toMatchObject({
      subunits_to_unit: 100_000_000,
      fiat: false,
      default: false,
    });
    const fromAustralia = (await guest.get('/api/info/currencies', { 'cf-ipcountry': 'AU' })).json() as Array<{
      code: string;
      default: boolean;
    }>;
    expect(fromAustralia.filter((c) => c.default).map((c) => c.code)).toEqual(['AUD']);
  });

  it('lists ISO countries with English names and default currencies', async () => {
    const res = await createClient(t.app).get('/api/info/countries');
    const list = expectContract(z.array(CountryInfoSchema), res.json());
    expect(list.length).toBeGreaterThanOrEqual(240);
    const byCode = new Map(list.map((c) => [c.code, c]));
    for (const code of [
      'CA',
      'AU',
      'DE',
      'NZ',
      'BR',
      'IE',
      'JP',
      'NO',
      'US',
      'GB',
      'AT',
      'CH',
      'PL',
      'FR',
      'ES',
      'MX',
    ]) {
      expect(byCode.has(code), code).toBe(true);
    }
    expect(byCode.get('CA')).toEqual({ code: 'CA', name: 'Canada', default_currency: 'CAD' });
    expect(byCode.get('JP')?.default_currency).toBe('JPY');
    expect(byCode.get('NO')?.default_currency).toBe('NOK');
    expect(byCode.get('CH')?.default_currency).toBe('EUR');
    expect(byCode.get('MX')?.default_currency).toBe('USD');
    expect(byCode.get('FR')?.default_currency).toBe('EUR');
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('lists the 11 locales, with or without the affiliate query', async () => {
    for (const url of ['/api/info/locales', '/api/info/locales?stag=123_abc', '/api/info/locales?ref_code=FRIEND']) {
      const res = await createClient(t.app).get(url);
      expect(res.statusCode, url).toBe(200);
      const list = expectContract(z.array(LocaleInfoSchema), res.json());
      expect(list).toHaveLength(11);
      expect(list.filter((l) => l.default).map((l) => l.code)).toEqual(['en']);
      expect(list.find((l) => l.code === 'de')).toEqual({
        code: 'de',
        name: 'German',
        name_in_locale: 'Deutsch',
        default: false,
      });
    }
    expect((await createClient(t.app).get('/api/info/locales?lang=de')).statusCode).toBe(400);
  });

  it('lists levels (status true) then groups (status false) from the seeded catalogue', async () => {
    const list = expectContract(
      z.array(StatusInfoSchema),
      (await createClient(t.app).get('/api/info/statuses')).json(),
    );
    const levels = list.filter((s) => s.status).map((s) => s.id);
    expect(levels).toEqual(Array.from({ length: 10 }, (_, i) => `level_${i + 1}`));
    const groups = list.filter((s) => !s.status);
    expect(groups.map((g) => g.id).sort()).toEqual(['543', '544', '545', '614', '615', '631']);
    expect(groups.filter((g) => g.writable).map((g) => g.id)).toEqual(['545']);
    expect(list.indexOf(list.find((s) => !s.status)!)).toBe(10);
  });

  it('seeds statuses idempotently', async () => {
    const count = async () =>
      Number((await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM statuses`)).rows[0]?.n);
    const before = await count();
    expect(await seedStatuses(t.database.db)).toBe(16);
    expect(await seedStatuses(t.database.db)).toBe(16);
    expect(await count()).toBe(before);
  });

  it('describes the project: casino on, sportsbook off, two-factor available', async () => {
    const project = expectContract(ProjectInfoSchema, (await createClient(t.app).get('/api/info/project')).json());
    expect(project).toMatchObject({
      apps: { casino: true, sportsbook: false },
      player_two_factor_auth: true,
      country_flags: null,
    });
  });

  it('gives SSR its start data: guest, restricted by geo header, and a signed-in player', async () => {
    const guest = await createClient(t.app).get('/json-api/serverdata', { 'cf-ipcountry': 'DE' });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe('no-store');
    const data = expectContract(ServerDataSchema, guest.json());
    expect(data).toMatchObject({ user: null, country: 'DE', restricted: false, settings: { cent: { user: '' } } });
    expect(data.locales).toHaveLength(11);
    expect(data.currencies.find((c) => c.default)?.code).toBe('EUR');

    for (const header of ['US', 'gb']) {
      const restricted = expectContract(
        ServerDataSchema,
        (await createClient(t.app).get('/json-api/serverdata', { 'cf-ipcountry': header })).json(),
      );
      expect(restricted.restricted, header).toBe(true);
    }
    const noHeader = expectContract(ServerDataSchema, (await createClient(t.app).get('/json-api/serverdata')).json());
    expect(noHeader).toMatchObject({ country: null, restricted: false });
    const unknownGeo = expectContract(
      ServerDataSchema,
      (await createClient(t.app).get('/json-api/serverdata', { 'cf-ipcountry': 'XX' })).json(),
    );
    expect(unknownGeo.country).toBeNull();

    const { client, player } = await signUp(t.app);
    const mine = expectContract(
      ServerDataSchema,
      (await client.get('/json-api/serverdata', { 'x-country-code': 'CA' })).json(),
    );
    expect(mine.user?.id).toBe(player.id);
    expect(mine.settings.cent.user).toBe(String(player.id));
    expect(mine).toMatchObject({ country: 'CA', restricted: false });
    expect((await client.get('/json-api/serverdata?debug=1')).statusCode).toBe(400);
  });

  it('refuses unknown query parameters on every info call', async () => {
    for (const path of ['/api/info/currencies', '/api/info/countries', '/api/info/statuses', '/api/info/project']) {
      const ok = await createClient(t.app).get(`${path}?l=en`);
      expect(ok.statusCode, path).toBe(200);
      const bad = await createClient(t.app).get(`${path}?__proto__=1`);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().code).toBe('validation_error');
    }
  });
});
