import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { ConfirmedBodySchema } from '@croupier/shared/api/auth';
import { lastMailTo, rowCounts, signUp, tokenFromMail, uniqueEmail } from './test-helpers.ts';

describe('e-mail confirmation: GET and POST /api/users/confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const confirmUrl = (token: string) => `/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`;

  it('confirms the signed-in player from the mailed link and answers the player object; a reload says confirmed again', async () => {
    const { client, player } = await signUp(t.app);
    const token = tokenFromMail(lastMailTo(t.mail, player.email), 'confirmation_token');
    t.clock.advance(5 * 60_000);
    const res = await client.get(confirmUrl(token));
    expect(res.statusCode).toBe(200);
    const body = expectContract(PlayerSchema, res.json());
    expect(body.id).toBe(player.id);
    expect(body.confirmed_at).toBe(t.clock.now().toISOString());

    // A reload of the link: the address is confirmed, not "invalid link"; nothing changes.
    t.clock.advance(60_000);
    const again = await client.get(confirmUrl(token));
    expect(again.statusCode).toBe(200);
    expect(expectContract(PlayerSchema, again.json())).toMatchObject({
      id: player.id,
      confirmed_at: body.confirmed_at,
    });
    expect(
      await createClient(t.app)
        .get(confirmUrl(token))
        .then((r) => r.json()),
    ).toEqual({ confirmed: true });
  });

  it('confirms from another browser without signing in or revealing the profile', async () => {
    const { player } = await signUp(t.app);
    const token = tokenFromMail(lastMailTo(t.mail, player.email), 'confirmation_token');
    const elsewhere = createClient(t.app);
    const res = await elsewhere.get(confirmUrl(token));
    expectContract(ConfirmedBodySchema, res.json());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ confirmed: true });
    expect(res.cookies).toHaveLength(0);
    expect((await elsewhere.get('/api/player')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.confirmedAt).toEqual(t.clock.now());
  });

  it('refuses unknown and expired tokens with 422, and malformed queries with 400', async () => {
    const { client, player } = await signUp(t.app);
    const token = tokenFromMail(lastMailTo(t.mail, player.email), 'confirmation_token');
    expect((await client.get(confirmUrl('x'.repeat(43)))).statusCode).toBe(422);
    const missing = await client.get('/api/users/confirmation');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('confirmation_token');
    const extra = await client.get(`${confirmUrl(token)}&redirect=https://evil.example`);
    expect(extra.statusCode).toBe(400);
    const twice = await client.get(`${confirmUrl(token)}&confirmation_token=other`);
    expect(twice.statusCode).toBe(400);
    t.clock.advance(24 * 3_600_000 + 1000);
    const expired = await client.get(confirmUrl(token));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ confirmation_token: ['is invalid'] });
  });

  it('resends a new link to unconfirmed players only, always answering 201 {}', async () => {
    const { client, player } = await signUp(t.app);
    const oldToken = tokenFromMail(lastMailTo(t.mail, player.email), 'confirmation_token');
    const resent = await createClient(t.app).post('/api/users/confirmation', {
      user: { email: player.email.toUpperCase(), captcha: 'tok' },
    });
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toEqual({});
    const newToken = tokenFromMail(lastMailTo(t.mail, player.email), 'confirmation_token');
    expect(newToken).not.toBe(oldToken);
    expect((await client.get(confirmUrl(oldToken))).statusCode).toBe(422);
    expect((await client.get(confirmUrl(newToken))).statusCode).toBe(200);

    const sent = t.mail.length;
    const confirmedAlready = await createClient(t.app).post('/api/users/confirmation', {
      user: { email: player.email },
    });
    const unknown = await createClient(t.app).post('/api/users/confirmation', {
      user: { email: uniqueEmail('ghost') },
    });
    expect(confirmedAlready.statusCode).toBe(201);
    expect(unknown.body).toBe(confirmedAlready.body);
    expect(t.mail.length).toBe(sent);
  });

  it('refuses unknown fields with 400 and writes nothing', async () => {
    const before = await rowCounts(t.database);
    const res = await createClient(t.app).post('/api/users/confirmation', {
      user: { email: 'a@example.com', locale: 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});
