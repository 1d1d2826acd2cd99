import { describe, expect, it } from "vitest";
import { throttledVersion } from "./version.ts";

describe("throttledVersion", () => {
  it("reads at most once per interval and shares the pending read", async () => {
    let t = 0;
    let reads = 0;
    let v = 1;
    const read = throttledVersion(
      async () => {
        reads++;
        return v;
      },
      1000,
      () => t,
    );
    const [a, b] = await Promise.all([read(), read()]);
    expect([a, b, reads]).toEqual(["1", "1", 1]);
    v = 2;
    t = 999;
    expect(await read()).toBe("1");
    t = 1000;
    expect(await read()).toBe("2");
    expect(reads).toBe(2);
  });

  it("expire() forces a fresh read, also over a read already under way", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const read = throttledVersion(
      async () => {
        calls++;
        if (calls === 1) {
          await gate;
          return 1;
        }
        return 2;
      },
      1000,
      () => 0,
    );
    const slow = read();
    read.expire();
    expect(await read()).toBe("2");
    release();
    expect(await slow).toBe("1");
    expect(await read()).toBe("2"); // the older read did not overwrite the newer value
    expect(calls).toBe(2);
  });

  it("answers null when the source fails", async () => {
    const read = throttledVersion(async () => {
      throw new Error("db down");
    }, 0);
    expect(await read()).toBeNull();
  });
});
