/**
 * The S3-compatible document store (docs/verification.md#storage) against a real S3-protocol server
 * on loopback (s3rver, in this process): objects by key under the prefix, a missing key read as
 * null, the configuration's refusals, and a document uploaded through the documents module kept in
 * the bucket sealed and served back as sent.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { parseEnv } from '../../config/env.ts';
import { signUp, type Client } from '../auth/test-helpers.ts';
import { s3FileStorage, type S3StoreConfig } from './storage-s3.ts';
import { newStorageKey } from './storage.ts';

const BUCKET = 'croupier-documents';
// s3rver's one account: it refuses any other access key id (InvalidAccessKeyId).
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

let dataDir: string;
let server: http.Server;
let endpoint: string;
/** Every request the server received, oldest first. */
let requests: Array<{ method: string; headers: http.IncomingHttpHeaders }>;
/** A client of our own that reads the bucket as it is, bypassing the store under test. */
let bucket: S3Client;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'croupier-s3-'));
  const s3 = new S3rver({ silent: true, directory: dataDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  // Our own loopback listener in front of s3rver's handler, to see each request's signature.
  server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', headers: req.headers });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bucket = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
});
beforeEach(() => {
  requests = [];
});
afterAll(async () => {
  bucket?.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await fs.rm(dataDir, { recursive: true, force: true });
});

function config(overrides: Partial<S3StoreConfig> = {}): S3StoreConfig {
  return {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    prefix: '',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    ...overrides,
  };
}

/** The bucket's object names under this prefix, sorted. */
async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

async function objectBytes(name: string): Promise<Buffer> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: name }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

describe('s3FileStorage', () => {
  it('puts, gets and deletes an object named by the prefix and the key', async () => {
    const store = s3FileStorage(config({ prefix: 'deploy-a/documents/' }));
    try {
      const key = newStorageKey(42);
      const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]);
      await store.put(key, bytes);
      expect(await objectsUnder('deploy-a/')).toEqual([`deploy-a/documents/${key}`]);
      expect((await objectBytes(`deploy-a/documents/${key}`)).equals(bytes)).toBe(true);
      // Without the prefix there is no such object: the prefix is part of the name, not decoration.
      expect(await objectsUnder(key)).toEqual([]);

      const read = await store.get(key);
      expect(read?.equals(bytes)).toBe(true);

      await store.delete(key);
      expect(await objectsUnder('deploy-a/')).toEqual([]);
      expect(await store.get(key)).toBeNull();
    } finally {
      store.close();
    }
  });

  it('without a prefix the object is named by the key alone', async () => {
    const store = s3FileStorage(config());
    try {
      const key = newStorageKey(7);
      await store.put(key, Buffer.from('sealed bytes'));
      expect(await objectsUnder('7/')).toEqual([key]);
      await store.delete(key);
      expect(await objectsUnder('7/')).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('reads a missing key as null and deletes a missing key without complaint', async () => {
    const store = s3FileStorage(config({ prefix: 'missing/' }));
    try {
      const key = newStorageKey(9);
      expect(await store.get(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
      expect(await objectsUnder('missing/')).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('a missing bucket is an error, never a missing file; check() tells a good bucket from a bad one', async () => {
    const good = s3FileStorage(config());
    const bad = s3FileStorage(config({ bucket: 'no-such-bucket' }));
    try {
      await expect(good.check()).resolves.toBeUndefined();
      await expect(bad.check()).rejects.toThrow();
      await expect(bad.get(newStorageKey(1))).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(bad.put(newStorageKey(1), Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      good.close();
      bad.close();
    }
  });

  it('signs every request (AWS SigV4) with the configured access key; another key is refused', async () => {
    const store = s3FileStorage(config({ region: 'eu-central-1' }));
    const stranger = s3FileStorage(config({ credentials: { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'x' } }));
    try {
      const key = newStorageKey(3);
      await store.put(key, Buffer.from('a'));
      await store.get(key);
      await store.delete(key);
      expect(requests.map((r) => r.method)).toEqual(['PUT', 'GET', 'DELETE']);
      for (const { headers } of requests)
        expect(headers.authorization).toMatch(
          /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
        );
      await expect(stranger.put(newStorageKey(3), Buffer.from('b'))).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
      expect(await objectsUnder('3/')).toEqual([]);
    } finally {
      store.close();
      stranger.close();
    }
  });

  it('sends no optional checksum headers, which several S3-compatible stores refuse', async () => {
    const store = s3FileStorage(config());
    try {
      const key = newStorageKey(5);
      await store.put(key, Buffer.from('sealed'));
      await store.get(key);
      await store.delete(key);
      for (const { method, headers } of requests)
        expect(
          Object.keys(headers).filter((h) => /^x-amz-(sdk-)?checksum/.test(h)),
          method,
        ).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('refuses a key the service would never make, before sending anything', async () => {
    const store = s3FileStorage(config());
    try {
      for (const key of ['../1/abc', '1/../../etc', `/1/${'a'.repeat(32)}`, '1/ABC'])
        await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.put('x', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      expect(requests).toEqual([]);
    } finally {
      store.close();
    }
  });
});

describe('configuration', () => {
  const parse = (overrides: Record<string, string>) =>
    parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides }, { secret: false });

  it('keeps the local store by default', () => {
    const env = parse({});
    expect(env.DOCUMENTS_STORE).toBe('local');
    expect(env.documentsS3).toBeNull();
    // S3 settings alone do not switch the store.
    expect(parse({ DOCUMENTS_S3_BUCKET: 'docs' }).documentsS3).toBeNull();
  });

  it('refuses s3 without a bucket, with half a key pair, or with a bad bucket, prefix or endpoint', () => {
    expect(() => parse({ DOCUMENTS_STORE: 's3' })).toThrow(
      'Invalid configuration:\n  DOCUMENTS_S3_BUCKET: required when DOCUMENTS_STORE=s3',
    );
    expect(() =>
      parse({ DOCUMENTS_STORE: 's3', DOCUMENTS_S3_BUCKET: 'docs', DOCUMENTS_S3_ACCESS_KEY_ID: 'AK' }),
    ).toThrow(/DOCUMENTS_S3_SECRET_ACCESS_KEY: set both, or neither/);
    expect(() =>
      parse({ DOCUMENTS_STORE: 's3', DOCUMENTS_S3_BUCKET: 'docs', DOCUMENTS_S3_SECRET_ACCESS_KEY: 'SK' }),
    ).toThrow(/set both, or neither/);
    expect(() => parse({ DOCUMENTS_STORE: 'ftp' })).toThrow(/DOCUMENTS_STORE/);
    for (const name of ['Docs', 'a', 'docs/x', '-docs'])
      expect(() => parse({ DOCUMENTS_STORE: 's3', DOCUMENTS_S3_BUCKET: name }), name).toThrow(/DOCUMENTS_S3_BUCKET/);
    for (const prefix of ['/docs', '../docs', 'a/../b', 'a//b', 'a/./b', 'docs dir', 'ü'])
      expect(
        () => parse({ DOCUMENTS_STORE: 's3', DOCUMENTS_S3_BUCKET: 'docs', DOCUMENTS_S3_PREFIX: prefix }),
        prefix,
      ).toThrow(/DOCUMENTS_S3_PREFIX/);
    for (const url of ['ftp://127.0.0.1:21', 'not a url'])
      expect(
        () => parse({ DOCUMENTS_STORE: 's3', DOCUMENTS_S3_BUCKET: 'docs', DOCUMENTS_S3_ENDPOINT: url }),
        url,
      ).toThrow(/DOCUMENTS_S3_ENDPOINT/);
  });

  it('Amazon S3 by default: region us-east-1, virtual-hosted addresses, the default credential chain', () => {
    expect(parse({ DOCUMENTS_STORE: 's3', DOCUMENTS_S3_BUCKET: 'docs' }).documentsS3).toEqual({
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: '',
      credentials: undefined,
    });
  });

  it('another S3-compatible store: path-style unless told otherwise, the prefix ending in one slash, static keys', () => {
    const env = parse({
      DOCUMENTS_STORE: 's3',
      DOCUMENTS_S3_BUCKET: 'kyc.docs-1',
      DOCUMENTS_S3_REGION: 'auto',
      DOCUMENTS_S3_ENDPOINT: 'https://minio.internal.example:9000',
      DOCUMENTS_S3_PREFIX: 'croupier/documents',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'AK',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'SK',
    });
    expect(env.documentsS3).toEqual({
      bucket: 'kyc.docs-1',
      region: 'auto',
      endpoint: 'https://minio.internal.example:9000',
      forcePathStyle: true,
      prefix: 'croupier/documents/',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
    const virtualHosted = parse({
      DOCUMENTS_STORE: 's3',
      DOCUMENTS_S3_BUCKET: 'docs',
      DOCUMENTS_S3_ENDPOINT: 'https://r2.example',
      DOCUMENTS_S3_FORCE_PATH_STYLE: 'false',
      DOCUMENTS_S3_PREFIX: 'a/b/',
    }).documentsS3;
    expect(virtualHosted).toMatchObject({ forcePathStyle: false, prefix: 'a/b/' });
  });
});

describe('the documents module with DOCUMENTS_STORE=s3', () => {
  const JPEG = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.from('the player passport photo, in plain bytes '.repeat(4)),
  ]);
  const PREFIX = 'module-test';

  const cookieOf = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');

  /** The upload as the player page's FormData sends it. */
  function uploadRequest(client: Client, file: Buffer) {
    const boundary = '----croupier-s3-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document[attachment]"; filename="passport.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return {
      method: 'POST' as const,
      url: '/api/player/documents',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        cookie: cookieOf(client),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    };
  }

  it('keeps the upload in the bucket sealed, serves it back as sent, and deletes it with the document', async () => {
    const t = await buildTestApp({
      DOCUMENTS_STORE: 's3',
      DOCUMENTS_S3_BUCKET: BUCKET,
      DOCUMENTS_S3_ENDPOINT: endpoint,
      DOCUMENTS_S3_PREFIX: PREFIX,
      DOCUMENTS_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      DOCUMENTS_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    });
    try {
      const { client, player } = await signUp(t.app, { currency: 'EUR' });
      const uploaded = await t.app.inject(uploadRequest(client, JPEG));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = (uploaded.json() as { id: number }).id;

      const objects = await objectsUnder(`${PREFIX}/`);
      expect(objects).toHaveLength(1);
      expect(objects[0]).toMatch(new RegExp(`^${PREFIX}/${player.id}/[0-9a-f]{32}$`));
      const stored = await objectBytes(objects[0] ?? '');
      // Sealed before it left the server: neither the file's header nor its text is in the bucket.
      expect(stored.length).toBeGreaterThan(JPEG.length);
      expect(stored.includes(JPEG.subarray(0, 6))).toBe(false);
      expect(stored.includes(Buffer.from('passport photo'))).toBe(false);
      // Nothing went to the local folder.
      expect(await fs.readdir(t.env.documentsDir)).toEqual([]);

      const served = await client.get(`/api/player/documents/${id}/file`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(JPEG)).toBe(true);

      const deleted = await client.delete(`/api/player/documents/${id}`);
      expect(deleted.statusCode).toBe(204);
      expect(await objectsUnder(`${PREFIX}/`)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a file gone from the bucket is answered as a missing document, not a server error', async () => {
    const t = await buildTestApp({
      DOCUMENTS_STORE: 's3',
      DOCUMENTS_S3_BUCKET: BUCKET,
      DOCUMENTS_S3_ENDPOINT: endpoint,
      DOCUMENTS_S3_PREFIX: `${PREFIX}-gone`,
      DOCUMENTS_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      DOCUMENTS_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    });
    try {
      const { client } = await signUp(t.app, { currency: 'EUR' });
      const uploaded = await t.app.inject(uploadRequest(client, JPEG));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const [name] = await objectsUnder(`${PREFIX}-gone/`);
      await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: name }));
      const served = await client.get(`/api/player/documents/${(uploaded.json() as { id: number }).id}/file`);
      expect(served.statusCode).toBe(404);
      expect(served.json()).toMatchObject({ code: 'document_not_found' });
    } finally {
      await t.close();
    }
  });
});
