import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where verification files are kept (docs/verification.md#storage): bytes by key, nothing else.
 * Keys are made by the documents service (`<user id>/<random hex>`), never from a player's input.
 * The service encrypts before `put`, so a store only ever holds ciphertext.
 */
export interface FileStorage {
  /** Stores the bytes under the key; a key is written once. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections when the app closes (a store that holds none leaves it out). */
  close?(): void;
}

const KEY = /^[0-9]{1,10}\/[0-9a-f]{32}$/;

/** A storage key for a new file of this player. */
export function newStorageKey(userId: number): string {
  return `${userId}/${randomBytes(16).toString('hex')}`;
}

/** The key, if it is one the service makes; every store checks it before touching a file or an object. */
export function checkedKey(key: string): string {
  // The pattern admits no `..`, no absolute path and no separator but the one: a key cannot leave the folder or prefix.
  if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/**
 * The default store: files in a local folder (`DOCUMENTS_DIR`, else `DATA_DIR/documents`), one
 * sub-folder per player, readable by the server's user only. A file is written to a temporary name
 * and renamed, so a crash never leaves half a file under a key.
 */
export function localFileStorage(root: string): FileStorage {
  const file = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, data, { mode: 0o600, flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}
