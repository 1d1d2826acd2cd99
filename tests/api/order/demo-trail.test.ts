/**
 * The demo's delivered orders show their whole logistics trail (docs/demo-data.md "Time"): picked
 * up, in transit, arrived in the city, signed — oldest to newest between the shipment and the
 * receipt — each event named in the page's language (order.deliveryState).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeliveryState, type DeliveryOrderDto } from "../../../src/lib/order/order-types.ts";
import { orders } from "../../../src/server/db/schema/index.ts";
import { DEMO_USER } from "../../../src/server/seed/users.ts";
import { getT } from "../../../src/i18n/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("the demo's delivered orders: the whole trail", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    token = okData<{ accessToken: string }>(
      await app.request("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: DEMO_USER.username, passWord: DEMO_USER.password }),
      }),
    ).accessToken;
  });
  afterAll(async () => app?.close());

  it("a received order's package reads picked up → in transit → arrived in the city → signed, in each language", async () => {
    const done = await app.ctx.db
      .select({ orderNumber: orders.orderNumber, dvyTime: orders.dvyTime, finallyTime: orders.finallyTime })
      .from(orders)
      .where(and(eq(orders.userId, DEMO_USER.userId), isNotNull(orders.finallyTime)));
    expect(done.length).toBeGreaterThan(0);
    for (const o of done) {
      for (const lang of ["zh", "zh-tw", "en"] as const) {
        const [pkg] = okData<DeliveryOrderDto[]>(
          await app.get(`/api/p/myDelivery/orderInfo/${o.orderNumber}`, lang, { Authorization: token }),
        );
        // Newest first, as the order page lists them.
        expect(pkg!.traces.map((t) => t.state)).toEqual([
          DeliveryState.SIGNED,
          DeliveryState.ARRIVED_CITY,
          DeliveryState.IN_TRANSIT,
          DeliveryState.COLLECTED,
        ]);
        const times = pkg!.traces.map((t) => Date.parse(t.acceptTime)).reverse();
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(times[0]).toBe(o.dvyTime!.getTime());
        expect(times[times.length - 1]!).toBeLessThanOrEqual(o.finallyTime!.getTime());
        // No carrier text of one language: each event reads as its state's name on the page.
        expect(pkg!.traces.every((t) => t.acceptStation === "")).toBe(true);
        const t = getT(lang);
        const names = pkg!.traces.map((x) => t(`order.deliveryState.${x.state}`));
        expect(new Set(names).size).toBe(4);
        for (const n of names) expect(n).not.toMatch(/deliveryState/);
      }
    }
  });

  it("English names the first event 'Picked up', not 'Received'", () => {
    expect(getT("en")(`order.deliveryState.${DeliveryState.COLLECTED}`)).toBe("Picked up");
  });
});
