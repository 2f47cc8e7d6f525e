/**
 * Player verification (docs/verification.md): uploads checked by their bytes, kept encrypted, served
 * back only as what they are; a player's own documents only; the operator's review with the player
 * told by mail and realtime; the verified mark; and the withdrawal threshold that reads it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AdminDocumentListSchema,
  AdminReviewResponseSchema,
  PlayerDocumentListSchema,
  PlayerDocumentSchema,
} from '@croupier/shared/api/documents';
import { PlayerSchema } from '@croupier/shared/api/player';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, sendWithBody, signUp, type Client } from '../auth/test-helpers.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import { MAX_WAITING_DOCUMENTS } from './documents.service.ts';
import { localFileStorage } from './storage.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

const ADMIN_TOKEN = 'k'.repeat(40);
const MAX_BYTES = 4096;

/** The first bytes of real files of each kind, padded: enough for the sniffer, small enough to send. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(32)]);

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'croupier-documents-'));
  t = await buildTestApp({
    ADMIN_API_TOKEN: ADMIN_TOKEN,
    DOCUMENTS_DIR: dir,
    DOCUMENT_MAX_BYTES: String(MAX_BYTES),
    PAYMENTS_SANDBOX: 'true',
    KYC_WITHDRAWAL_THRESHOLDS: 'EUR:5000',
  });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Files the store holds, as `<user>/<key>`. */
async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const user of await fs.readdir(dir))
    for (const f of await fs.readdir(path.join(dir, user))) out.push(`${user}/${f}`);
  return out.sort();
}

function cookieOf(client: Client): string {
  return [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A multipart body as a browser's FormData sends it. */
function multipart(
  parts: Array<{ name: string; value: string } | { name: string; file: Buffer; filename: string; type: string }>,
) {
  const boundary = '----croupier-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  client: Client,
  file: Buffer,
  options: { filename?: string; type?: string; description?: string; documentType?: string; query?: string } = {},
) {
  const { payload, contentType } = multipart([
    {
      name: 'document[attachment]',
      file,
      filename: options.filename ?? 'passport.jpg',
      type: options.type ?? 'image/jpeg',
    },
    ...(options.description !== undefined ? [{ name: 'document[description]', value: options.description }] : []),
    ...(options.documentType !== undefined ? [{ name: 'document[document_type]', value: options.documentType }] : []),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/player/documents${options.query ?? ''}`,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'multipart/form-data',
      cookie: cookieOf(client),
      'content-type': contentType,
    },
    payload,
  });
  expectRouteContract('POST', '/api/player/documents', res);
  return res;
}

const admin = (method: 'GET' | 'POST', url: string, body?: Json) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

const count = async (table: string, userId: number) =>
  Number(
    (
      (
        await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${userId}`,
        )
      ).rows[0] as { n: number }
    ).n,
  );

describe('uploads', () => {
  it('takes a JPEG and a PDF, lists them newest first, stores them encrypted and serves them back as what they are', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const jpeg = await upload(client, JPEG, { description: 'Passport, front', documentType: 'identity' });
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(expectContract(PlayerDocumentSchema, jpeg.json())).toMatchObject({
      document_type: 'identity',
      status: 'not_approved',
      description: 'Passport, front',
      file_name: 'passport.jpg',
      content_type: 'image/jpeg',
      size_bytes: JPEG.length,
      rejection_reason: null,
    });
    // Sent as an image with a made-up type: the bytes decide.
    const pdf = await upload(client, PDF, { filename: 'bill.png', type: 'image/png', documentType: 'address' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ content_type: 'application/pdf', document_type: 'address' });
    // The SoftSwiss client sends no type: identity.
    const plain = await upload(client, PNG, { filename: 'C:\\Users\\ann\\scan\u202e.png' });
    expect(plain.json()).toMatchObject({ document_type: 'identity', file_name: 'scan.png', content_type: 'image/png' });
    expect((await upload(client, WEBP)).json()).toMatchObject({ content_type: 'image/webp' });
    expect((await upload(client, HEIC)).json()).toMatchObject({ content_type: 'image/heic' });

    const list = await client.get('/api/player/documents');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const docs = expectContract(PlayerDocumentListSchema, list.json());
    expect(docs.map((d) => d.content_type)).toEqual([
      'image/heic',
      'image/webp',
      'image/png',
      'application/pdf',
      'image/jpeg',
    ]);

    // At rest: under a random key in the player's folder, never the plain bytes.
    const files = (await storedFiles()).filter((f) => f.startsWith(`${player.id}/`));
    expect(files).toHaveLength(5);
    for (const f of files) {
      expect(f).toMatch(new RegExp(`^${player.id}/[0-9a-f]{32}$`));
      const stored = await fs.readFile(path.join(dir, f));
      expect(stored.includes(JPEG.subarray(0, 16))).toBe(false);
      expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    }

    const image = await client.get(`/api/player/documents/${jpeg.json().id}/file`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(JPEG)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': `inline; filename="document-${jpeg.json().id}.jpg"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
      'cache-control': 'private, no-store',
    });
    const file = await client.get(`/api/player/documents/${pdf.json().id}/file`);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="document-${pdf.json().id}.pdf"`);
  });

  it('refuses a script named .jpg, an SVG, HTML and an empty file with 422 and a stable code, storing nothing', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const before = await storedFiles();
    for (const [file, filename, type] of [
      [Buffer.from('<script>alert(document.cookie)</script>'), 'selfie.jpg', 'image/jpeg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'id.svg', 'image/svg+xml'],
      [Buffer.from('<!doctype html><html><body>hi</body></html>'), 'id.pdf', 'application/pdf'],
      // A PDF header further in: readers accept it, we do not.
      [Buffer.from('<html>%PDF-1.4'), 'id.pdf', 'application/pdf'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'id.gif', 'image/gif'],
    ] as const) {
      const res = await upload(client, file, { filename, type });
      expect(res.statusCode, filename).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'document_type_not_allowed',
        errors: { attachment: [expect.any(String)] },
        document: [expect.stringMatching(/^document_type_not_allowed /)],
      });
    }
    const empty = await upload(client, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'document_missing' });
    expect(await count('player_documents', player.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file above DOCUMENT_MAX_BYTES with 413 document_too_large; one of exactly the limit is taken', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const before = await storedFiles();
    const big = Buffer.concat([JPEG, Buffer.alloc(MAX_BYTES + 1 - JPEG.length)]);
    const res = await upload(client, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'document_too_large',
      document: [expect.stringMatching(/^document_too_large /)],
    });
    expect(await count('player_documents', player.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
    const exact = await upload(client, big.subarray(0, MAX_BYTES));
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('refuses a request without the file, a JSON body, a bad type or description, and guests', async () => {
    const { client } = await signUp(t.app, { currency: 'EUR' });
    const noFile = multipart([{ name: 'document[description]', value: 'x' }]);
    const headers = { 'x-requested-with': 'XMLHttpRequest', cookie: cookieOf(client) };
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { ...headers, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'document_missing' });
    const json = await client.post('/api/player/documents', { document: { description: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await upload(client, JPEG, { documentType: 'selfie' })).json()).toMatchObject({ code: 'validation_error' });
    expect((await upload(client, JPEG, { description: 'a\u0000b' })).statusCode).toBe(422);
    expect((await upload(client, JPEG, { description: 'x'.repeat(501) })).statusCode).toBe(422);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(guest.statusCode).toBe(401);
    // The CSRF guard holds for multipart too.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { cookie: cookieOf(client), 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(forged.statusCode).toBe(403);
  });

  it(`caps documents waiting for review at ${MAX_WAITING_DOCUMENTS}`, async () => {
    const { client } = await signUp(t.app, { currency: 'EUR' });
    for (let i = 0; i < MAX_WAITING_DOCUMENTS; i++) expect((await upload(client, PDF)).statusCode).toBe(201);
    const refused = await upload(client, PDF);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'document_limit_reached' });
  });
});

describe('a player sees and deletes only their own documents', () => {
  it("another player's document is invisible, unreadable and undeletable; a waiting one of one's own is deleted with its file", async () => {
    const owner = await signUp(t.app, { currency: 'EUR' });
    const other = await signUp(t.app, { currency: 'EUR' });
    const doc = (await upload(owner.client, JPEG)).json() as Json;
    expect((await other.client.get('/api/player/documents')).json()).toEqual([]);
    const read = await other.client.get(`/api/player/documents/${doc.id}/file`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'document_not_found' });
    const del = await other.client.delete(`/api/player/documents/${doc.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: 'document_not_found' });
    expect(await count('player_documents', owner.player.id)).toBe(1);

    const files = (await storedFiles()).filter((f) => f.startsWith(`${owner.player.id}/`));
    expect(files).toHaveLength(1);
    const gone = await owner.client.delete(`/api/player/documents/${doc.id}`);
    expect(gone.statusCode).toBe(204);
    expect(await count('player_documents', owner.player.id)).toBe(0);
    expect((await storedFiles()).filter((f) => f.startsWith(`${owner.player.id}/`))).toEqual([]);
    expect((await owner.client.delete(`/api/player/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await owner.client.delete('/api/player/documents/99999999999')).statusCode).toBe(404);
  });

  it('refuses an upload or a delete with a query string, and a delete with a body, with 400; nothing is stored or deleted', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const withQuery = await upload(client, JPEG, { query: '?document_type=identity' });
    expect(withQuery.statusCode).toBe(400);
    expect(withQuery.json()).toMatchObject({
      code: 'validation_error',
      errors: { document_type: ['is not permitted'] },
    });
    expect(await count('player_documents', player.id)).toBe(0);

    const doc = (await upload(client, JPEG)).json() as Json;
    const url = `/api/player/documents/${doc.id}`;
    for (const res of [
      await client.delete(`${url}?force=true`),
      await sendWithBody(t.app, client, 'DELETE', url, { force: true }),
    ]) {
      expectRouteContract('DELETE', '/api/player/documents/{id}', res);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', errors: { force: ['is not permitted'] } });
    }
    expect(await count('player_documents', player.id)).toBe(1);
    // No body, or an empty one, is what the call takes.
    expect((await sendWithBody(t.app, client, 'DELETE', url, {})).statusCode).toBe(204);
  });
});

describe('a stored file is bound to its row', () => {
  afterEach(() => vi.restoreAllMocks());

  const storageKeyOf = async (id: number) =>
    (
      (await t.database.db.execute(sql`SELECT storage_key FROM player_documents WHERE id = ${id}`)).rows[0] as {
        storage_key: string;
      }
    ).storage_key;

  it("two players' files swapped in the store: both downloads fail and are logged, neither serves the other's file", async () => {
    const ann = await signUp(t.app, { currency: 'EUR' });
    const bob = await signUp(t.app, { currency: 'EUR' });
    // Two passports of the same type, so nothing but the binding tells them apart.
    const bobsJpeg = Buffer.concat([JPEG.subarray(0, 11), Buffer.alloc(200, 9)]);
    const annDoc = (await upload(ann.client, JPEG, { documentType: 'identity' })).json() as Json;
    const bobDoc = (await upload(bob.client, bobsJpeg, { documentType: 'identity' })).json() as Json;
    expect((await ann.client.get(`/api/player/documents/${annDoc.id}/file`)).rawPayload.equals(JPEG)).toBe(true);

    // Someone with write access to the store, but not the key, swaps the two objects.
    const store = localFileStorage(dir);
    const [annKey, bobKey] = [await storageKeyOf(annDoc.id), await storageKeyOf(bobDoc.id)];
    const [annSealed, bobSealed] = [await store.get(annKey), await store.get(bobKey)];
    await store.put(annKey, bobSealed!);
    await store.put(bobKey, annSealed!);

    const logged = vi.spyOn(t.app.log, 'error');
    for (const [client, id, other] of [
      [ann.client, annDoc.id, bobsJpeg],
      [bob.client, bobDoc.id, JPEG],
    ] as const) {
      const res = await client.get(`/api/player/documents/${id}/file`);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 'document_file_unreadable',
        error: 'The file of this document could not be read.',
      });
      expect(res.rawPayload.includes(other.subarray(11, 40))).toBe(false);
      const review = await admin('GET', `/api/admin/documents/${id}/file`);
      expect(review.statusCode).toBe(500);
      expect(review.json()).toMatchObject({ code: 'document_file_unreadable' });
    }
    // Refused by the seal itself (the storage key is authenticated with it), before any other check.
    for (const id of [annDoc.id, bobDoc.id])
      expect(logged).toHaveBeenCalledWith(
        expect.anything(),
        `documents: file of document ${id} refused: the seal does not open under its storage key`,
      );

    // Put back where they belong, both are served again: the refusal was the binding, not the files.
    await store.put(annKey, annSealed!);
    await store.put(bobKey, bobSealed!);
    expect((await ann.client.get(`/api/player/documents/${annDoc.id}/file`)).rawPayload.equals(JPEG)).toBe(true);
    expect((await bob.client.get(`/api/player/documents/${bobDoc.id}/file`)).rawPayload.equals(bobsJpeg)).toBe(true);
  });

  it('a file whose bytes do not have the SHA-256 its row recorded is refused, not served', async () => {
    const { client } = await signUp(t.app, { currency: 'EUR' });
    const doc = (await upload(client, JPEG)).json() as Json;
    await t.database.db.execute(sql`UPDATE player_documents SET sha256 = ${'0'.repeat(64)} WHERE id = ${doc.id}`);
    const res = await client.get(`/api/player/documents/${doc.id}/file`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'document_file_unreadable' });
  });
});

describe('the review', () => {
  afterEach(() => vi.restoreAllMocks());

  it('needs the admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/documents' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents/1/approve',
      headers: { authorization: `Bearer ${'x'.repeat(40)}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reviewer: 'eve' }),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('reject needs a reason; the player is told by mail and realtime, sees the reason, and cannot delete it', async () => {
    const { client, player, user } = await signUp(t.app, { currency: 'EUR' });
    const doc = (await upload(client, JPEG, { documentType: 'identity' })).json() as Json;
    const queue = await admin('GET', `/api/admin/documents?user_id=${player.id}`);
    expect(expectContract(AdminDocumentListSchema, queue.json()).documents).toEqual([
      expect.objectContaining({ id: doc.id, user_id: player.id, status: 'not_approved', reviewed_by: null }),
    ]);
    const file = await admin('GET', `/api/admin/documents/${doc.id}/file`);
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    expect(file.headers['content-security-policy']).toContain('sandbox');

    for (const body of [{ reviewer: 'ops-ann' }, { reviewer: 'ops-ann', reason: '   ' }]) {
      const res = await admin('POST', `/api/admin/documents/${doc.id}/reject`, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    const pushed = vi.spyOn(t.realtime, 'publishPrivate');
    const mails = t.mail.length;
    t.clock.advance(60_000);
    const rejected = await admin('POST', `/api/admin/documents/${doc.id}/reject`, {
      reviewer: 'ops-ann',
      reason: 'The photo is blurred <b>',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(expectContract(AdminReviewResponseSchema, rejected.json())).toMatchObject({
      verified: false,
      document: {
        status: 'rejected',
        rejection_reason: 'The photo is blurred <b>',
        reviewed_by: 'ops-ann',
        reviewed_at: t.clock.now().toISOString(),
      },
    });
    const mail = t.mail.slice(mails).find((m) => m.to === user.email);
    expect(mail?.subject).toBe('Croupier: Your document was not accepted');
    expect(mail?.text).toContain('The reason: The photo is blurred <b>');
    expect(mail?.text).toContain(`${t.env.publicUrl}/users/verification`);
    expect(mail?.html).toContain('blurred &lt;b&gt;');
    expect(pushed).toHaveBeenCalledWith(
      player.id,
      'documents_changes',
      expect.objectContaining({
        verified: false,
        document: expect.objectContaining({ id: doc.id, status: 'rejected' }),
      }),
    );
    const [seen] = (await client.get('/api/player/documents')).json() as Json[];
    expect(seen).toMatchObject({ status: 'rejected', rejection_reason: 'The photo is blurred <b>' });
    expect(seen).not.toHaveProperty('reviewed_by');
    const del = await client.delete(`/api/player/documents/${doc.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json()).toMatchObject({ code: 'document_locked' });
    // Reviewed once: a second review changes nothing.
    const again = await admin('POST', `/api/admin/documents/${doc.id}/approve`, { reviewer: 'ops-bob' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'document_already_reviewed' });
    expect((await admin('POST', '/api/admin/documents/99999999/approve', { reviewer: 'x' })).statusCode).toBe(404);
  });

  it('identity and address approved make the player verified, once, with the audit trail; the player object shows it', async () => {
    const { client, player, user } = await signUp(t.app, { currency: 'EUR' });
    const id = (await upload(client, JPEG, { documentType: 'identity' })).json() as Json;
    const deposit = (await upload(client, PDF, { documentType: 'deposit' })).json() as Json;
    const address = (await upload(client, PDF, { documentType: 'address' })).json() as Json;
    const mails = t.mail.length;
    const first = await admin('POST', `/api/admin/documents/${id.id}/approve`, { reviewer: 'ops-ann' });
    expect(first.json()).toMatchObject({ verified: false, document: { status: 'approved', reviewed_by: 'ops-ann' } });
    expect(
      (await admin('POST', `/api/admin/documents/${deposit.id}/approve`, { reviewer: 'ops-ann' })).json(),
    ).toMatchObject({
      verified: false,
    });
    expect(expectContract(PlayerSchema, (await client.get('/api/player')).json()).verified).toBe(false);
    const second = await admin('POST', `/api/admin/documents/${address.id}/approve`, { reviewer: 'ops-bob' });
    expect(second.json()).toMatchObject({ verified: true });
    expect(expectContract(PlayerSchema, (await client.get('/api/player')).json()).verified).toBe(true);
    const approvedMails = t.mail.slice(mails).filter((m) => m.to === user.email);
    expect(approvedMails.map((m) => m.subject)).toEqual(Array(3).fill('Croupier: Your document was approved'));
    const trail = (
      await t.database.db.execute(
        sql`SELECT verified, source, changed_by FROM verification_changes WHERE user_id = ${player.id} ORDER BY id`,
      )
    ).rows;
    expect(trail).toEqual([{ verified: true, source: 'documents', changed_by: 'ops-bob' }]);
    // An approved document is the operator's record: the player cannot delete it.
    expect((await client.delete(`/api/player/documents/${id.id}`)).statusCode).toBe(422);
  });

  it('an operator sets and clears the mark by hand, recorded with who and why', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const set = await admin('POST', `/api/admin/players/${player.id}/verification`, {
      verified: true,
      reviewer: 'ops-ann',
      reason: 'Checked by video call',
    });
    expect(set.json()).toEqual({ user_id: player.id, verified: true });
    expect((await client.get('/api/player')).json()).toMatchObject({ verified: true });
    // Setting what is set records nothing.
    await admin('POST', `/api/admin/players/${player.id}/verification`, { verified: true, reviewer: 'ops-ann' });
    await admin('POST', `/api/admin/players/${player.id}/verification`, { verified: false, reviewer: 'ops-bob' });
    expect((await client.get('/api/player')).json()).toMatchObject({ verified: false });
    const trail = (
      await t.database.db.execute(
        sql`SELECT verified, source, changed_by, reason FROM verification_changes WHERE user_id = ${player.id} ORDER BY id`,
      )
    ).rows;
    expect(trail).toEqual([
      { verified: true, source: 'operator', changed_by: 'ops-ann', reason: 'Checked by video call' },
      { verified: false, source: 'operator', changed_by: 'ops-bob', reason: null },
    ]);
    const unknown = await admin('POST', '/api/admin/players/99999999/verification', { verified: true, reviewer: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'player_not_found' });
  });

  it("an operator's clearing holds: only identity and address approved after it set the mark again", async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const approve = async (documentType: string, file = PDF) => {
      const doc = (await upload(client, file, { documentType })).json() as Json;
      t.clock.advance(60_000);
      const res = await admin('POST', `/api/admin/documents/${doc.id}/approve`, { reviewer: 'ops-ann' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Json).verified as boolean;
    };
    const verifiedNow = async () => expectContract(PlayerSchema, (await client.get('/api/player')).json()).verified;
    expect(await approve('identity', JPEG)).toBe(false);
    expect(await approve('address')).toBe(true);

    t.clock.advance(60_000);
    const cleared = await admin('POST', `/api/admin/players/${player.id}/verification`, {
      verified: false,
      reviewer: 'ops-bob',
      reason: 'The address document is forged',
    });
    expect(cleared.statusCode).toBe(200);
    // The identity and address approved before the clearing do not count: another document changes nothing.
    expect(await approve('deposit')).toBe(false);
    expect(await verifiedNow()).toBe(false);
    // Half a new pair is not enough either.
    expect(await approve('identity', JPEG)).toBe(false);
    expect(await verifiedNow()).toBe(false);
    expect(await approve('address')).toBe(true);
    expect(await verifiedNow()).toBe(true);
    const trail = (
      await t.database.db.execute(
        sql`SELECT verified, source, changed_by FROM verification_changes WHERE user_id = ${player.id} ORDER BY id`,
      )
    ).rows;
    expect(trail).toEqual([
      { verified: true, source: 'documents', changed_by: 'ops-ann' },
      { verified: false, source: 'operator', changed_by: 'ops-bob' },
      { verified: true, source: 'documents', changed_by: 'ops-ann' },
    ]);
  });
});

describe('the withdrawal threshold (KYC_WITHDRAWAL_THRESHOLDS=EUR:5000)', () => {
  afterEach(() => expectLedgerSound(t.database));

  async function withdrawer() {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    expect((await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
    await fund(t.wallet, player.id, 'EUR', 20_000);
    const withdraw = (amount_cents: number, currency = 'EUR') =>
      client.post('/api/payments/withdrawals', {
        payment: { currency, amount_cents, method_id: 'sandbox_ewallet', fields: { email: 'ada@example.com' } },
      });
    return { client, player, withdraw };
  }

  it('lets an unverified player withdraw up to the threshold in total, then refuses with verification_required and moves nothing', async () => {
    const p = await withdrawer();
    const first = await p.withdraw(3_000);
    expect(first.statusCode, first.body).toBe(201);
    // Exactly at the threshold in total: still allowed.
    expect((await p.withdraw(2_000)).statusCode).toBe(201);
    const payments = await count('payments', p.player.id);
    const refused = await p.withdraw(1_000);
    expectRouteContract('POST', '/api/payments/withdrawals', refused);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'verification_required',
      error: expect.stringContaining('verification page'),
      errors: { amount: [expect.stringContaining('50.00 EUR')] },
    });
    expect(await count('payments', p.player.id)).toBe(payments);
    const account = ((await p.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'EUR');
    expect(account?.amount_cents).toBe(15_000);
  });

  it('two withdrawals at once are counted one after the other: only one passes the threshold', async () => {
    const p = await withdrawer();
    const answers = await Promise.all([p.withdraw(3_000), p.withdraw(3_000)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.statusCode === 422)?.json()).toMatchObject({ code: 'verification_required' });
  });

  it('a recalled withdrawal no longer counts', async () => {
    const p = await withdrawer();
    const big = (await p.withdraw(5_000)).json() as Json;
    expect((await p.withdraw(1_000)).json()).toMatchObject({ code: 'verification_required' });
    expect((await p.client.post(`/api/player/payments/${big.payment.id}/recall`)).statusCode).toBe(200);
    expect((await p.withdraw(1_000)).statusCode).toBe(201);
  });

  it('a single withdrawal above the threshold is refused until the player is verified; other currencies have no threshold', async () => {
    const p = await withdrawer();
    await p.client.post('/api/player/accounts', { currency: 'USD' });
    await fund(t.wallet, p.player.id, 'USD', 20_000);
    expect((await p.withdraw(6_000, 'USD')).statusCode).toBe(201);
    expect((await p.withdraw(6_000)).json()).toMatchObject({ code: 'verification_required' });
    await admin('POST', `/api/admin/players/${p.player.id}/verification`, { verified: true, reviewer: 'ops-ann' });
    const paid = await p.withdraw(6_000);
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
