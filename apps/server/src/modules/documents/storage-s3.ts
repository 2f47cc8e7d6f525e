import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkedKey, type FileStorage } from './storage.ts';

/** Where the S3-compatible store writes (DOCUMENTS_S3_*, docs/verification.md#storage). */
export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, R2…); unset: Amazon S3 itself. */
  endpoint?: string | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Put before every key, ending in `/` (or empty), so one bucket can serve several deployments. */
  prefix: string;
  /** Unset: the SDK's default chain (AWS_* variables, shared config files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface S3FileStorage extends FileStorage {
  /** Resolves when the bucket answers with these credentials; rejects with the store's error otherwise. */
  check(): Promise<void>;
  /** Closes the client's kept-alive connections. */
  close(): void;
}

/**
 * The store for several instances: one object per file in a bucket, named `<prefix><key>`. The
 * service seals files before `put`, so objects are private ciphertext and need no server-side
 * encryption of their own (a bucket policy may add it).
 */
export function s3FileStorage(config: S3StoreConfig): S3FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the API demands one: several S3-compatible stores refuse the SDK's
    // newer default checksum headers, and AES-GCM already refuses a file changed on the way or at rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails the request within seconds instead of holding the upload open;
    // the request timeout is the longest silence on a socket, not a cap on a large transfer.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;
  const Bucket = config.bucket;
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: 'application/octet-stream' }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        // S3 answers 204 for a missing key; a store that answers 404 means the same.
        if (!isMissingKey(error)) throw error;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * The key is not there: `NoSuchKey`, or a bare 404 from a store that sends no error body. A missing
 * bucket is a configuration error and must not read as "no such file", so `NoSuchBucket` is not one.
 */
function isMissingKey(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
