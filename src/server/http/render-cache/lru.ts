/** The render cache's store: process memory, bounded by entry count and body bytes. */

/** A Map-based LRU bounded by entry count and by the sum of the entries' sizes. */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private total = 0;
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** The value, marked most recently used. */
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  /** Stores a value; evicts the least recently used until both bounds hold. False when it can never fit. */
  set(key: string, value: V, size: number): boolean {
    this.delete(key);
    if (size > this.maxBytes || this.maxEntries < 1) return false;
    this.map.set(key, { value, size });
    this.total += size;
    this.evict();
    return true;
  }

  /** Changes the recorded size of an entry (e.g. compressed copies were added) and evicts as needed. */
  resize(key: string, size: number): void {
    const e = this.map.get(key);
    if (!e) return;
    this.total += size - e.size;
    e.size = size;
    this.evict(key);
  }

  delete(key: string): boolean {
    const e = this.map.get(key);
    if (!e) return false;
    this.map.delete(key);
    this.total -= e.size;
    return true;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  keys(): string[] {
    return [...this.map.keys()];
  }

  /** [key, value] pairs, least recently used first (a copy: deleting while iterating is fine). */
  entries(): [string, V][] {
    return [...this.map].map(([k, e]) => [k, e.value]);
  }

  private evict(keep?: string): void {
    for (const key of this.map.keys()) {
      if (this.map.size <= this.maxEntries && this.total <= this.maxBytes) break;
      if (key === keep && this.map.size === 1) break;
      if (key === keep) continue;
      this.delete(key);
    }
  }
}
