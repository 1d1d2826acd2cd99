/**
 * The in-memory gate in front of the flash-sale submit transaction (docs/flash-sale.md
 * "Rush design"). Per process:
 *
 * - a reserved-stock counter per flash SKU, loaded from the database: an attempt takes its
 *   pieces from the counter before it may start a transaction; when the counter cannot cover
 *   them the attempt is "sold out" at once, with no database work. A failed transaction gives its
 *   pieces back; a counter at 0 is re-read from the database at most every `refreshMs` (orders
 *   closed unpaid put units back, maybe through another process).
 * - a concurrency limit: at most `maxActive` submit transactions at once, at most `maxWaiting`
 *   attempts queued for `maxWaitMs`; anything beyond is "too busy, retry later".
 *
 * The counter is only a filter: the database's conditional update stays the truth, so several
 * processes (each with its own gate) still never oversell.
 */

/** How the transaction ended: ok (pieces sold), failed (pieces go back), soldOut (the database had none left: the counter drops to 0). */
export type GateOutcome = "ok" | "failed" | "soldOut";
export type GateAnswer =
  { ok: true; release: (outcome: GateOutcome) => void } | { ok: false; reason: "soldOut" | "busy" };

export interface GateOptions {
  maxActive: number;
  maxWaiting: number;
  maxWaitMs: number;
  refreshMs: number;
  now?: () => number;
}

interface Counter {
  left: number;
  loadedAt: number;
  loading: Promise<void> | null;
}

export class FlashGate {
  private readonly counters = new Map<number, Counter>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly now: () => number;

  constructor(
    private readonly opts: GateOptions,
    private readonly load: (seckillSkuId: number) => Promise<number>,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Units the gate believes are left (for tests). */
  left(seckillSkuId: number): number | undefined {
    return this.counters.get(seckillSkuId)?.left;
  }

  /** Forgets a counter (the merchant changed the stock). */
  forget(seckillSkuId?: number): void {
    if (seckillSkuId === undefined) this.counters.clear();
    else this.counters.delete(seckillSkuId);
  }

  private async counter(id: number): Promise<Counter> {
    let c = this.counters.get(id);
    const stale = c !== undefined && c.left <= 0 && this.now() - c.loadedAt >= this.opts.refreshMs;
    if (!c || stale) {
      if (!c) {
        c = { left: 0, loadedAt: 0, loading: null };
        this.counters.set(id, c);
      }
      const cc = c;
      if (!cc.loading) {
        cc.loading = this.load(id)
          .then((n) => {
            cc.left = Math.max(0, n);
            cc.loadedAt = this.now();
          })
          .finally(() => {
            cc.loading = null;
          });
      }
      await cc.loading;
    } else if (c.loading) await c.loading;
    return c;
  }

  /** Units the gate believes are left, loading (or re-reading) the counter like `enter` does. */
  async available(seckillSkuId: number): Promise<number> {
    return (await this.counter(seckillSkuId)).left;
  }

  /** Takes `count` pieces and a transaction slot, or answers why not. */
  async enter(seckillSkuId: number, count: number): Promise<GateAnswer> {
    const c = await this.counter(seckillSkuId);
    if (c.left < count) return { ok: false, reason: "soldOut" };
    c.left -= count;
    const giveBack = () => {
      c.left += count;
    };
    if (this.active >= this.opts.maxActive) {
      if (this.waiting.length >= this.opts.maxWaiting) {
        giveBack();
        return { ok: false, reason: "busy" };
      }
      const got = await new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const i = this.waiting.indexOf(wake);
          if (i >= 0) this.waiting.splice(i, 1);
          resolve(false);
        }, this.opts.maxWaitMs);
        this.waiting.push(wake);
      });
      if (!got) {
        giveBack();
        return { ok: false, reason: "busy" };
      }
    } else this.active++;
    let released = false;
    return {
      ok: true,
      release: (outcome: GateOutcome) => {
        if (released) return;
        released = true;
        if (outcome === "failed") giveBack();
        if (outcome === "soldOut") {
          c.left = 0;
          c.loadedAt = this.now();
        }
        const next = this.waiting.shift();
        if (next)
          next(); // the slot passes on
        else this.active--;
      },
    };
  }
}
