import { describe, expect, it } from "vitest";
import { subscriber, subscriberSlots } from "./subscriber.ts";

describe("subscriber", () => {
  it("announcing before the owner subscribed throws, naming the owner's module", () => {
    const slot = subscriber<() => number>("a thing done", "owner/owner.ts");
    expect(() => slot.handler()).toThrow("a thing done needs src/server/domain/owner/owner.ts loaded");
  });

  it("answers the subscribed handler", () => {
    const slot = subscriber<(n: number) => number>("a thing done", "owner/owner.ts");
    const double = (n: number) => n * 2;
    slot.subscribe(double);
    expect(slot.handler()).toBe(double);
    expect(slot.handler()(21)).toBe(42);
  });

  it("lists every slot with whether it has its subscriber", () => {
    const slot = subscriber<() => void>("something else done", "other/other.ts");
    const mine = () => subscriberSlots().find((s) => s.event === "something else done");
    expect(mine()).toEqual({ event: "something else done", owner: "other/other.ts", subscribed: false });
    slot.subscribe(() => {});
    expect(mine()?.subscribed).toBe(true);
  });
});
