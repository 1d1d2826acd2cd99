import { describe, it, expect } from "vitest";
import { cents, lt, nicePrice, toTw } from "./names.ts";
import { Rng, SeedClock, fixedUuid } from "./random.ts";
import { deliveryTrail } from "./logistics.ts";
import { DeliveryState } from "../../lib/order/order-types.ts";
import { escapeXml, hsl } from "./images.ts";
import { productRenderSvg } from "./product-render.ts";

describe("seed randomness", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const sa = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(sa);
    for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
  });

  it("int, sample and shuffle stay in range and keep items", () => {
    const r = new Rng(7);
    for (let i = 0; i < 200; i++) {
      const n = r.int(3, 4);
      expect(n === 3 || n === 4).toBe(true);
    }
    const items = [1, 2, 3, 4, 5, 6];
    expect(r.shuffle(items).sort()).toEqual(items);
    const s = r.sample(items, 3);
    expect(s).toHaveLength(3);
    expect([...s].sort((x, y) => x - y)).toEqual(s);
  });

  it("counts time back from the seeding instant", () => {
    const base = new Date("2026-11-22T15:30:00Z");
    const clock = new SeedClock(base);
    expect(clock.ago(1).toISOString()).toBe("2026-11-21T15:30:00.000Z");
    expect(clock.ago(0, 90).toISOString()).toBe("2026-11-22T14:00:00.000Z");
    const t = clock.between(new Rng(1), 0, 14);
    expect(t.getTime()).toBeLessThanOrEqual(base.getTime());
    expect(t.getTime()).toBeGreaterThanOrEqual(clock.ago(14).getTime());
    expect(fixedUuid(1)).toBe("00000000-0000-4000-8000-000000000001");
  });
});

describe("the demo's logistics trail", () => {
  const shipped = new Date("2026-11-20T10:00:00Z");
  it("a received package: in transit, arrived in the city, signed — between the shipment and the receipt", () => {
    const received = new Date("2026-11-21T15:00:00Z");
    const trail = deliveryTrail(shipped, received, new Date("2026-11-22T00:00:00Z"));
    expect(trail.map(([s]) => s)).toEqual([DeliveryState.IN_TRANSIT, DeliveryState.ARRIVED_CITY, DeliveryState.SIGNED]);
    const times = trail.map(([, at]) => at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(shipped.getTime());
    expect(times[2]).toBeLessThanOrEqual(received.getTime());
  });
  it("a package on its way: never after now; the city only after a day", () => {
    const now = new Date("2026-11-20T16:00:00Z");
    expect(deliveryTrail(shipped, null, now).map(([s]) => s)).toEqual([DeliveryState.IN_TRANSIT]);
    const later = new Date("2026-11-22T10:00:00Z");
    const trail = deliveryTrail(shipped, null, later);
    expect(trail.map(([s]) => s)).toEqual([DeliveryState.IN_TRANSIT, DeliveryState.ARRIVED_CITY]);
    expect(trail.every(([, at]) => at.getTime() <= later.getTime())).toBe(true);
    expect(deliveryTrail(shipped, null, shipped)).toEqual([]);
  });
});

describe("seed texts and money", () => {
  it("formats cents and shop-like prices", () => {
    expect(cents(129900)).toBe("1299.00");
    expect(cents(3990)).toBe("39.90");
    expect(cents(5)).toBe("0.05");
    expect(nicePrice(1234.5)).toBe(123900);
    expect(nicePrice(39.2)).toBe(3990);
    expect(nicePrice(9.4)).toBe(940);
  });

  it("derives zh-tw from zh with Taiwan phrases and shop-friendly fixes", () => {
    expect(lt("智能手机", "Smartphone")).toEqual({ zh: "智能手机", "zh-tw": "智慧手機", en: "Smartphone" });
    expect(toTw("规格参数")).toBe("規格參數");
    expect(toTw("打印类型")).toBe("列印類型");
  });
});

describe("seed images", () => {
  it("escapes XML and produces hex colours", () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe("&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;");
    expect(hsl(0, 100, 50)).toBe("#ff0000");
    expect(hsl(120, 100, 25)).toBe("#008000");
  });

  it("renders 800×800 product pictures without any text, deterministic, well under 60 KB", () => {
    const shots = [0, 1, 2, 3].map((index) => productRenderSvg({ hue: 210, icon: "phone", index, variant: 7 }));
    for (const svg of shots) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"')).toBe(true);
      expect(svg).not.toMatch(/<text|font-family/);
      expect(Buffer.byteLength(svg)).toBeLessThan(60 * 1024);
    }
    expect(new Set(shots).size).toBe(4);
    expect(productRenderSvg({ hue: 210, icon: "phone", index: 1, variant: 7 })).toBe(shots[1]);
  });
});
