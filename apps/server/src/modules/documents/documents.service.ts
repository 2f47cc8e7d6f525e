import { lockPlayer } from '../player/index.ts';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import {
  VERIFYING_DOCUMENT_TYPES,
  type AdminDocument,
  type DocumentChange,
  type DocumentContentType,
  type DocumentStatus,
  type DocumentType,
  type PlayerDocument,
} from '@croupier/shared/api/documents';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import {
  approvedTypesSinceOperator,
  countWaiting,
  deleteWaitingDocument,
  documentsOf,
  findDocument,
  findDocumentOf,
  insertDocument,
  listDocuments,
  reviewWaitingDocument,
  setVerified,
  type DocumentRow,
} from './documents.repository.ts';
import { sniffDocumentType } from './sniff.ts';
import { newStorageKey, type FileStorage } from './storage.ts';

/** Documents a player may have waiting for review at once: enough for any honest case, a cap on storage abuse. */
export const MAX_WAITING_DOCUMENTS = 20;
/** Longest file name kept for display. */
const FILE_NAME_MAX = 200;
/** The operator's list answers at most this many documents at once. */
const ADMIN_LIST_LIMIT = 200;

export interface DocumentsDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** AES-256-GCM key of the files at rest (derived from the app secret). */
  key: Buffer;
  /** DOCUMENT_MAX_BYTES. */
  maxBytes: number;
  /** After commit: the player's `documents_changes` channel. */
  publish(userId: number, change: DocumentChange): void;
  /** After commit: tells the player by mail of a review. */
  mail(userId: number, kind: 'document_approved' | 'document_rejected', reason: string | null): Promise<void>;
  onError(message: string, error: unknown): void;
}

export interface Upload {
  bytes: Buffer;
  fileName: string | undefined;
  description: string | undefined;
  documentType: DocumentType | undefined;
}

/** A file to send back, with the type its bytes were found to have. */
export interface StoredFile {
  id: number;
  contentType: DocumentContentType;
  bytes: Buffer;
}

/** An upload refusal in both shapes a client reads (docs/verification.md#uploads). */
export function uploadRefusal(status: number, code: string, message: string): AppError {
  // The SoftSwiss client reads the first field holding a list of strings and keys its text by the first word.
  return new AppError(status, code, message, { attachment: [message] }, { document: [`${code} ${message}`] });
}

const MAGIC = Buffer.from('CRD1');

/**
 * Player verification (docs/verification.md): uploads checked by their bytes and kept encrypted in
 * the document store, a player's delete of a document still waiting, the operator's review, and the
 * `verified` mark (identity and address approved, or an operator's hand).
 */
export class DocumentsService {
  constructor(private readonly deps: DocumentsDeps) {}

  /** When the app closes: the store lets go of its connections. */
  close(): void {
    this.deps.storage.close?.();
  }

  async list(userId: number): Promise<PlayerDocument[]> {
    return (await documentsOf(this.deps.db, userId)).map(presentForPlayer);
  }

  async upload(userId: number, upload: Upload): Promise<PlayerDocument> {
    const { bytes } = upload;
    if (bytes.length === 0) throw uploadRefusal(422, 'document_missing', 'Choose a file to upload.');
    if (bytes.length > this.deps.maxBytes)
      throw uploadRefusal(413, 'document_too_large', `The file is larger than ${megabytes(this.deps.maxBytes)}.`);
    const contentType = sniffDocumentType(bytes);
    if (!contentType)
      throw uploadRefusal(
        422,
        'document_type_not_allowed',
        'Only photos (JPEG, PNG, WebP, HEIC) and PDF files are accepted.',
      );
    // A quick look before storing anything; the count that decides is taken under the lock below.
    if ((await countWaiting(this.deps.db, userId)) >= MAX_WAITING_DOCUMENTS) throw tooManyWaiting();
    const key = newStorageKey(userId);
    await this.deps.storage.put(key, this.seal(key, bytes));
    const now = this.deps.clock.now();
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        await lockPlayer(tx, userId);
        if ((await countWaiting(tx, userId)) >= MAX_WAITING_DOCUMENTS) throw tooManyWaiting();
        return insertDocument(tx, {
          userId,
          documentType: upload.documentType ?? 'identity',
          status: 'not_approved',
          description: upload.description?.trim() || null,
          fileName: cleanFileName(upload.fileName, contentType),
          contentType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey: key,
          createdAt: now,
          updatedAt: now,
        });
      });
      return presentForPlayer(row);
    } catch (error) {
      // No row names the file: it must not stay behind.
      await this.deps.storage.delete(key).catch((e: unknown) => this.deps.onError('documents: orphan file kept', e));
      throw error;
    }
  }

  /** Deletes the player's document while it waits for review; a reviewed one stays (the operator's record). */
  async remove(userId: number, id: number): Promise<void> {
    const deleted = await deleteWaitingDocument(this.deps.db, userId, id);
    if (!deleted) {
      if (await findDocumentOf(this.deps.db, userId, id))
        throw new AppError(422, 'document_locked', 'A document that was already reviewed cannot be deleted.');
      throw notFound('document_not_found', 'No such document');
    }
    await this.deps.storage
      .delete(deleted.storageKey)
      .catch((e: unknown) => this.deps.onError('documents: deleted document left its file', e));
  }

  /** The player's own file, as stored. */
  async fileOf(userId: number, id: number): Promise<StoredFile> {
    const row = await findDocumentOf(this.deps.db, userId, id);
    if (!row) throw notFound('document_not_found', 'No such document');
    return this.read(row);
  }

  /** Any player's file, for the operator's review. */
  async file(id: number): Promise<StoredFile> {
    const row = await findDocument(this.deps.db, id);
    if (!row) throw notFound('document_not_found', 'No such document');
    return this.read(row);
  }

  async adminList(filter: { status?: DocumentStatus | undefined; userId?: number | undefined }) {
    const found = await listDocuments(
      this.deps.db,
      { status: filter.status ?? 'not_approved', userId: filter.userId },
      ADMIN_LIST_LIMIT,
    );
    return { documents: found.map(presentForOperator) };
  }

  approve(id: number, reviewer: string) {
    return this.review(id, { status: 'approved', reviewer, reason: null });
  }

  reject(id: number, reviewer: string, reason: string) {
    return this.review(id, { status: 'rejected', reviewer, reason });
  }

  /**
   * Sets or clears the mark by hand (an operator checked the player another way, or found a
   * problem). Recorded with who and why; setting what is already set records nothing.
   */
  async setVerified(userId: number, verified: boolean, reviewer: string, reason: string | null) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const player = await lockPlayer(tx, userId);
      if (!player) throw notFound('player_not_found', 'No such player');
      if (player.verified !== verified)
        await setVerified(tx, { userId, verified, source: 'operator', by: reviewer, reason, at: now });
    });
    return { user_id: userId, verified };
  }

  private async review(
    id: number,
    review: { status: 'approved' | 'rejected'; reviewer: string; reason: string | null },
  ): Promise<{ document: AdminDocument; verified: boolean }> {
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      const found = await findDocument(tx, id);
      if (!found) throw notFound('document_not_found', 'No such document');
      // The player's row first, as uploads take it: the mark below is decided once per player at a time.
      const player = await lockPlayer(tx, found.userId);
      const row = await reviewWaitingDocument(tx, id, {
        status: review.status,
        by: review.reviewer,
        at: now,
        reason: review.reason,
      });
      if (!row) {
        if (await findDocument(tx, id))
          throw conflict('document_already_reviewed', 'This document was already reviewed.');
        throw notFound('document_not_found', 'No such document');
      }
      let verified = player?.verified ?? false;
      if (review.status === 'approved' && !verified) {
        // Only approvals after the operator's last word on the mark: clearing it by hand is not undone
        // by the next approval of an unrelated document, counting an identity and an address approved before.
        const approved = await approvedTypesSinceOperator(tx, row.userId);
        if (VERIFYING_DOCUMENT_TYPES.every((type) => approved.has(type))) {
          await setVerified(tx, {
            userId: row.userId,
            verified: true,
            source: 'documents',
            by: review.reviewer,
            reason: null,
            at: now,
          });
          verified = true;
        }
      }
      return { row, verified };
    });
    const { row, verified } = result;
    try {
      this.deps.publish(row.userId, { document: presentForPlayer(row), verified });
    } catch (error) {
      this.deps.onError('documents: realtime push failed', error);
    }
    // The review is done whatever the mail does; a failed send is logged (the outbox retries queued mail).
    await this.deps
      .mail(row.userId, review.status === 'approved' ? 'document_approved' : 'document_rejected', review.reason)
      .catch((error: unknown) => this.deps.onError('documents: review mail failed', error));
    return { document: presentForOperator(row), verified };
  }

  /**
   * The row's own file or nothing: the seal must open under the row's storage key, the bytes must
   * have the row's SHA-256 and still be of its type. Any mismatch (a file swapped or copied in the
   * store, a changed one) is logged and answered as a storage failure, never served.
   */
  private async read(row: DocumentRow): Promise<StoredFile> {
    const sealed = await this.deps.storage.get(row.storageKey);
    if (!sealed) throw notFound('document_not_found', 'The file of this document is missing');
    const unreadable = (why: string, error?: unknown) => {
      this.deps.onError(`documents: file of document ${row.id} refused: ${why}`, error ?? new Error(why));
      return new AppError(500, 'document_file_unreadable', 'The file of this document could not be read.');
    };
    let bytes: Buffer;
    try {
      bytes = this.open(row.storageKey, sealed);
    } catch (error) {
      throw unreadable('the seal does not open under its storage key', error);
    }
    if (createHash('sha256').update(bytes).digest('hex') !== row.sha256)
      throw unreadable('its SHA-256 is not the one recorded at upload');
    // Served only as a type its bytes still prove, whatever the row says.
    const contentType = sniffDocumentType(bytes);
    if (!contentType || contentType !== row.contentType) throw unreadable('the stored bytes changed type');
    return { id: row.id, contentType, bytes };
  }

  /**
   * `CRD1 | iv (12) | tag (16) | ciphertext`: AES-256-GCM with the storage key as additional
   * authenticated data, so a changed file, or one moved under another document's key, is refused.
   */
  private seal(storageKey: string, plain: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.deps.key, iv);
    cipher.setAAD(Buffer.from(storageKey));
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), data]);
  }

  private open(storageKey: string, sealed: Buffer): Buffer {
    if (sealed.length < 32 || !sealed.subarray(0, 4).equals(MAGIC)) throw new Error('document file is not sealed');
    const decipher = createDecipheriv('aes-256-gcm', this.deps.key, sealed.subarray(4, 16));
    decipher.setAuthTag(sealed.subarray(16, 32));
    decipher.setAAD(Buffer.from(storageKey));
    return Buffer.concat([decipher.update(sealed.subarray(32)), decipher.final()]);
  }
}

function tooManyWaiting(): AppError {
  return uploadRefusal(
    422,
    'document_limit_reached',
    `You have ${MAX_WAITING_DOCUMENTS} documents waiting for review: delete one or wait for the review.`,
  );
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * The name shown in lists: the last path segment, without control or bidi-override characters,
 * shortened; a file without a usable name gets one from its type.
 */
export function cleanFileName(name: string | undefined, contentType: DocumentContentType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- the point is to remove control characters
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const safe = cleaned.replace(/\p{Cs}/gu, '');
  if (safe) return [...safe].slice(0, FILE_NAME_MAX).join('');
  return `document.${contentType === 'application/pdf' ? 'pdf' : contentType.split('/')[1]}`;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function presentForPlayer(row: DocumentRow): PlayerDocument {
  return {
    id: row.id,
    description: row.description,
    document_type: row.documentType as DocumentType,
    status: row.status as DocumentStatus,
    rejection_reason: row.rejectionReason,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    file_name: row.fileName,
    content_type: row.contentType as DocumentContentType,
    size_bytes: row.sizeBytes,
  };
}

function presentForOperator(row: DocumentRow): AdminDocument {
  return {
    ...presentForPlayer(row),
    user_id: row.userId,
    reviewed_by: row.reviewedBy,
    reviewed_at: iso(row.reviewedAt),
  };
}
