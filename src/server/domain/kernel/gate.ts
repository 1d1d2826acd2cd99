/**
 * A gate that lets at most `limit` tasks run at once in this process; the others wait their turn
 * in arrival order. Used where concurrent work costs memory or starves other requests: password
 * hashing (kernel/password.ts) and password logins.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`gate limit must be a positive integer: ${limit}`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` when a turn is free; its result (or error) is answered. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next task (the count stays), or is given back.
      if (next) next();
      else this.running--;
    }
  }
}
