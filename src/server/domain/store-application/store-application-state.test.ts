import { describe, expect, it } from "vitest";
import { approvedShopStatus, canSubmit, reviewTransition, shopTransition } from "./store-application-state.ts";

describe("store application state machine", () => {
  it("submit: allowed with none or after a rejection; refused while under review or once approved", () => {
    expect(canSubmit(null)).toEqual({ ok: true });
    expect(canSubmit(-1)).toEqual({ ok: true });
    expect(canSubmit(0)).toEqual({ ok: false, key: "storeApplication.errors.pending" });
    expect(canSubmit(1)).toEqual({ ok: false, key: "storeApplication.errors.approved" });
  });

  it("review: only an application under review is approved (1) or rejected (-1)", () => {
    expect(reviewTransition(0, "approve")).toEqual({ ok: true, status: 1 });
    expect(reviewTransition(0, "reject")).toEqual({ ok: true, status: -1 });
    for (const s of [1, -1]) {
      expect(reviewTransition(s, "approve")).toEqual({ ok: false, key: "storeApplication.errors.notPending" });
      expect(reviewTransition(s, "reject")).toEqual({ ok: false, key: "storeApplication.errors.notPending" });
    }
  });

  it("approval creates the shop not yet open (-1) or open (1)", () => {
    expect(approvedShopStatus(false)).toBe(-1);
    expect(approvedShopStatus(true)).toBe(1);
  });

  it("shop: open / offline / suspend from any other status; the same status is refused", () => {
    expect(shopTransition(-1, "open")).toEqual({ ok: true, status: 1 });
    expect(shopTransition(3, "open")).toEqual({ ok: true, status: 1 });
    expect(shopTransition(2, "open")).toEqual({ ok: true, status: 1 });
    expect(shopTransition(1, "offline")).toEqual({ ok: true, status: 2 });
    expect(shopTransition(1, "suspend")).toEqual({ ok: true, status: 3 });
    expect(shopTransition(-1, "suspend")).toEqual({ ok: true, status: 3 });
    expect(shopTransition(1, "open")).toEqual({ ok: false, key: "storeApplication.errors.sameStatus" });
    expect(shopTransition(2, "offline")).toEqual({ ok: false, key: "storeApplication.errors.sameStatus" });
    expect(shopTransition(3, "suspend")).toEqual({ ok: false, key: "storeApplication.errors.sameStatus" });
  });
});
