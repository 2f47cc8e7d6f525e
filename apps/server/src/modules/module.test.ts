import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../app.ts';
import { MODULE_SQL } from '../db/module-functions.ts';
import type { EventConsumer } from '../events/event-log.ts';
import type { JobDefinition } from '../jobs/scheduler.ts';
import { fixedClock } from '../lib/clock.ts';
import {
  defineModule,
  installModules,
  moduleInvariants,
  type ModuleDefinition,
  type PersonalDataRegistry,
  type Platform,
} from './module.ts';
import { PrivacyService } from './privacy/privacy.service.ts';

/** A platform that records what modules hand it, without a database. */
function fakePlatform(env: Partial<Platform['env']> = {}) {
  const jobs: JobDefinition[] = [];
  const consumers: EventConsumer[] = [];
  const published: [string, unknown][] = [];
  const platform = {
    env: { ADMIN_API_TOKEN: undefined, ...env },
    jobs: { define: (job: JobDefinition) => void jobs.push(job) },
    events: { register: (consumer: EventConsumer) => void consumers.push(consumer) },
    realtime: {
      publishPrivate: (_user: number, channel: string, data: unknown) => void published.push([channel, data]),
      publishPublic: (channel: string, data: unknown) => void published.push([channel, data]),
      publishRoom: (_game: string, data: unknown) => void published.push(['shared_round', data]),
    },
  } as unknown as Platform;
  return { platform, jobs, consumers, published };
}

const install = (modules: ModuleDefinition<string, unknown>[], env?: Partial<Platform['env']>) => {
  const fake = fakePlatform(env);
  const app = Fastify();
  return { ...fake, app, installed: installModules(app, fake.platform, modules) };
};

describe('installModules', () => {
  it('installs what a module declares: routes, operator routes behind the token, jobs, consumers, invariants', async () => {
    const consumer: EventConsumer = { name: 'shop.orders', types: ['wallet.bet'], handle: async () => undefined };
    const shop = defineModule({
      name: 'shop',
      setup: () => ({ greeting: 'hello' }),
      routes: (app, api) => void app.get('/api/shop', async () => ({ said: api.greeting })),
      adminRoutes: (app) => void app.get('/api/admin/shop', async () => ({ ok: true })),
      jobs: () => [{ name: 'shop.restock', everySeconds: 60, run: async () => 0 }],
      consumers: () => [consumer],
      invariants: { 'no-negative-stock': sql`SELECT 1 WHERE false` },
    });
    const { app, installed, jobs, consumers } = install([shop], { ADMIN_API_TOKEN: 'secret' });
    const apis = await installed;
    expect((apis as unknown as Record<string, unknown>).shop).toEqual({ greeting: 'hello' });
    expect((await app.inject('/api/shop')).json()).toEqual({ said: 'hello' });
    expect((await app.inject('/api/admin/shop')).statusCode).toBe(401);
    // The bare token is no Bearer token (docs/http.md#operator-token).
    expect((await app.inject({ url: '/api/admin/shop', headers: { authorization: 'secret' } })).statusCode).toBe(401);
    const admitted = await app.inject({ url: '/api/admin/shop', headers: { authorization: 'Bearer secret' } });
    expect(admitted.json()).toEqual({ ok: true });
    expect(jobs.map((j) => j.name)).toEqual(['shop.restock']);
    expect(consumers).toEqual([consumer]);
    expect(moduleInvariants([shop]).map(([name]) => name)).toEqual(['shop.no-negative-stock']);
  });

  it('leaves operator routes out when no admin token is configured', async () => {
    const shop = defineModule({
      name: 'shop',
      adminRoutes: (app) => void app.get('/api/admin/shop', async () => ({ ok: true })),
    });
    const { app, installed } = install([shop]);
    await installed;
    expect((await app.inject('/api/admin/shop')).statusCode).toBe(404);
  });

  it('lets a module use only the modules listed before it', async () => {
    const first = defineModule({ name: 'first', setup: () => 1 });
    const second = defineModule({
      name: 'second',
      setup: (ctx) => (ctx.use as (name: string) => unknown)('first'),
    });
    const { installed } = install([first, second]);
    expect(((await installed) as unknown as Record<string, unknown>).second).toBe(1);
    await expect(install([second, first]).installed).rejects.toThrow(
      /second uses first, which is not listed before it/,
    );
  });

  it('publishes only the channels a module declared, and each channel has one owner', async () => {
    const cashier = defineModule({
      name: 'cashier',
      channels: ['payments_changes'],
      setup: (ctx) => ({
        ok: () => ctx.publish.toPlayer(1, 'payments_changes', {} as never),
        sneaky: () => ctx.publish.toEveryone('public:wins', {} as never),
      }),
    });
    const { installed, published } = install([cashier]);
    const api = ((await installed) as unknown as Record<string, { ok(): void; sneaky(): void }>).cashier!;
    api.ok();
    expect(published.map(([c]) => c)).toEqual(['payments_changes']);
    expect(() => api.sneaky()).toThrow(/cashier publishes public:wins without declaring it/);
    const rival = defineModule({ name: 'rival', channels: ['payments_changes'] });
    await expect(install([cashier, rival]).installed).rejects.toThrow(/declared by both cashier and rival/);
  });

  it('refuses a job not named after its module and a module listed twice', async () => {
    const shop = defineModule({
      name: 'shop',
      jobs: () => [{ name: 'restock', everySeconds: 60, run: async () => 0 }],
    });
    await expect(install([shop]).installed).rejects.toThrow(/must be named shop.<job>/);
    const plain = defineModule({ name: 'plain' });
    await expect(install([plain, plain]).installed).rejects.toThrow(/listed twice/);
  });
});

describe('personal data (docs/privacy.md#the-module-hook)', () => {
  it("collects each module's declaration in order; the export has the module's section and its description", async () => {
    const shop = defineModule({
      name: 'shop',
      personalData: () => ({
        sections: { orders: 'Your orders.' },
        export: async (userId) => ({ orders: [{ buyer: userId, item: 'hat' }] }),
      }),
    });
    const plain = defineModule({ name: 'plain' });
    const audit = defineModule({ name: 'audit', setup: (ctx): PersonalDataRegistry => ctx.personalData });
    const apis = (await install([shop, plain, audit]).installed) as unknown as Record<string, PersonalDataRegistry>;
    const registry = apis.audit!;
    expect(registry.all().map((entry) => entry.module)).toEqual(['shop']);
    const privacy = new PrivacyService({
      db: null as never,
      clock: fixedClock(new Date('2026-01-02T03:04:05Z')),
      personalData: registry,
      sendLink: async () => undefined,
    });
    const doc = JSON.parse(await privacy.exportDocument(7, null as never)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(doc.shop).toEqual({ orders: [{ buyer: 7, item: 'hat' }] });
    expect(doc.about).toMatchObject({ player_id: 7, generated_at: '2026-01-02T03:04:05.000Z' });
    expect(doc.about.sections).toEqual({ 'shop.orders': 'Your orders.' });
  });

  it('refuses an export that leaves out a part its module declared', async () => {
    const shop = defineModule({
      name: 'shop',
      personalData: () => ({ sections: { orders: 'Your orders.' }, export: async () => ({}) }),
    });
    const audit = defineModule({ name: 'audit', setup: (ctx): PersonalDataRegistry => ctx.personalData });
    const apis = (await install([shop, audit]).installed) as unknown as Record<string, PersonalDataRegistry>;
    const privacy = new PrivacyService({
      db: null as never,
      clock: fixedClock(new Date('2026-01-02T03:04:05Z')),
      personalData: apis.audit!,
      sendLink: async () => undefined,
    });
    await expect(privacy.exportDocument(7, null as never)).rejects.toThrow(/shop declares orders/);
  });

  it('every module that keeps rows about a player declares what it holds', () => {
    expect(MODULES.filter((m) => m.personalData).map((m) => m.name)).toEqual([
      'auth',
      'player',
      'mail',
      'games',
      'wallet',
      'limits',
      'profile',
      'documents',
      'bonuses',
      'games-host',
      'jackpots',
      'payments',
      'privacy',
    ]);
  });
});

describe("the app's module list", () => {
  it('names every module once, and every module SQL function set is the one the migrations assemble', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    // db/module-functions.ts assembles migrations from MODULE_SQL: a module declaring SQL that is
    // not listed there would never reach the database.
    expect(MODULES.flatMap((m) => (m.sql ? [m.sql] : []))).toEqual([...MODULE_SQL]);
  });
});
