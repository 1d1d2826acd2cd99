import { describe, expect, it } from "vitest";
import { Gate } from "./gate.ts";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("Gate", () => {
  it("runs at most `limit` tasks at once, the others in arrival order", async () => {
    const gate = new Gate(2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      gate.run(async () => {
        order.push(i);
        most = Math.max(most, ++now);
        await new Promise<void>((r) => releases.push(r));
        now--;
        return i * 10;
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(gate.active).toBe(2);
    expect(gate.queued).toBe(4);
    while (releases.length) {
      releases.shift()!();
      await tick();
    }
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(gate.active).toBe(0);
  });

  it("a task that fails gives its turn to the next and its error to its caller", async () => {
    const gate = new Gate(1);
    const failed = gate.run(() => Promise.reject(new Error("boom")));
    const next = gate.run(async () => "next");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("next");
    expect(gate.active).toBe(0);
  });

  it("refuses a limit that is not a positive integer", () => {
    expect(() => new Gate(0)).toThrow(RangeError);
    expect(() => new Gate(1.5)).toThrow(RangeError);
  });
});
