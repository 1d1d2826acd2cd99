/**
 * Deterministic randomness and time for the demo seed: one seeded PRNG (mulberry32), no
 * Math.random, and every timestamp an offset from the seeding instant.
 */

/** The seed of the demo data. Changing it changes every generated value. */
export const SEED = 20261101;

export class Rng {
  private state: number;

  constructor(seed: number = SEED) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A weighted pick: weights are non-negative, at least one positive. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((s, it) => s + weight(it), 0);
    let r = this.next() * total;
    for (const it of items) {
      r -= weight(it);
      if (r < 0) return it;
    }
    return items[items.length - 1]!;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** n distinct items, in their original order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const idx = this.shuffle(items.map((_, i) => i))
      .slice(0, Math.min(n, items.length))
      .sort((a, b) => a - b);
    return idx.map((i) => items[i]!);
  }
}

const DAY_MS = 86_400_000;

/**
 * The clock of the seed: `now` is the seeding instant (the current time unless a caller sets it).
 * Past events count back from it by fixed spans ("3 days 2 hours ago"), so nothing seeded lies in
 * the future at any hour of the day; scheduled things (deadlines, upcoming sessions, coupon ends)
 * lie ahead of it on purpose. Everything except the absolute timestamps is identical between runs.
 */
export class SeedClock {
  constructor(readonly now: Date) {}

  /** now − days − minutes. */
  ago(days: number, minutes = 0): Date {
    return new Date(this.now.getTime() - days * DAY_MS - minutes * 60_000);
  }

  /** A time in the (daysFrom, daysTo] days before now, at minute precision. */
  between(rng: Rng, daysFrom: number, daysTo: number): Date {
    const minutes = rng.int(Math.round(daysFrom * 1440), Math.round(daysTo * 1440));
    return new Date(this.now.getTime() - minutes * 60_000);
  }
}

/** Deterministic UUID-shaped ids ("00000000-0000-4000-8000-0000000000NN"). */
export function fixedUuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}
