/**
 * Encoded response bodies of catalogue queries, for the snapshot they were computed from. A new
 * snapshot (a catalogue reload) empties it; a byte budget bounds it, dropping the oldest entries.
 * Lobby traffic repeats a small set of queries (a category's first pages), so most requests are
 * answered with a ready Buffer: no filtering, no string building, no UTF-8 encoding.
 */
export class ResponseCache<Owner extends object> {
  private owner: Owner | null = null;
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(owner: Owner, key: string): Buffer | undefined {
    if (owner !== this.owner) {
      this.owner = owner;
      this.entries.clear();
      this.bytes = 0;
      return undefined;
    }
    return this.entries.get(key);
  }

  set(owner: Owner, key: string, body: Buffer): void {
    if (owner !== this.owner || body.length > this.maxBytes / 4) return;
    this.entries.set(key, body);
    this.bytes += body.length + key.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length + oldKey.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
