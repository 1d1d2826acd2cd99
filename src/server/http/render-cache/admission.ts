/**
 * Admission of the render cache (docs/performance.md "Render cache"): a page is stored only when
 * it is asked for again while its first request is still remembered, so a catalogue crawled once
 * (100,000 product pages, each seen one time) costs no compression, no memory and no eviction of
 * the pages that are reused. What is remembered: the keys of the last `capacity` to 2 × `capacity`
 * first requests, in two generations of key sets (the older one is forgotten when the newer one
 * fills), about 100 bytes a key.
 */
export class Doorkeeper {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(readonly capacity = 20_000) {}

  /** Whether `key` was asked for recently (then it is forgotten: it is about to be stored); else remembers it. */
  admit(key: string): boolean {
    if (this.current.delete(key) || this.previous.delete(key)) return true;
    this.current.add(key);
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Set();
    }
    return false;
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current.clear();
    this.previous.clear();
  }
}
