import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../client/api.ts";
import { ResponseCode } from "../../lib/api-types.ts";

const toasts: { msg: string; type: string | undefined }[] = [];
vi.mock("../../client/toast.ts", () => ({
  showToast: (msg: string, o?: { type?: string }) => {
    toasts.push({ msg, type: o?.type });
    return () => {};
  },
}));
const { handleFailure, runAction } = await import("./useAction.ts");

const guest = new ApiError({ code: ResponseCode.UNAUTHORIZED, msg: "log in", handled: true });
const refused = new ApiError({ code: ResponseCode.SHOW_FAIL, msg: "out of stock" });
const told = new ApiError({ code: ResponseCode.SHOW_FAIL, msg: "already shown", handled: true });
const silentNoMsg = new ApiError({ code: "NETWORK" });

function sink() {
  const calls: string[] = [];
  return {
    calls,
    onGuest: () => calls.push("guest"),
    setError: (m: string) => calls.push(`inline:${m}`),
    onFailed: () => calls.push("failed"),
    setBusy: (b: boolean) => calls.push(b ? "busy" : "idle"),
  };
}

beforeEach(() => {
  toasts.length = 0;
});

describe("handleFailure: what one failed call shows", () => {
  it("A00004 only turns the island guest", () => {
    const s = sink();
    handleFailure(guest, { onGuest: s.onGuest, fallback: "failed", setError: s.setError, onFailed: s.onFailed });
    expect(s.calls).toEqual(["guest"]);
    expect(toasts).toEqual([]);
  });

  it("toasts the server's message, or the fallback; nothing when the API client already told the user", () => {
    const s = sink();
    handleFailure(refused, { onGuest: s.onGuest, fallback: "failed" });
    handleFailure(silentNoMsg, { onGuest: s.onGuest, fallback: "failed" });
    handleFailure(new Error("boom"), { onGuest: s.onGuest, fallback: "failed" });
    handleFailure(told, { onGuest: s.onGuest, fallback: "failed" });
    expect(toasts).toEqual([
      { msg: "out of stock", type: "error" },
      { msg: "failed", type: "error" },
      { msg: "failed", type: "error" },
    ]);
    expect(s.calls).toEqual([]);
  });

  it("a form shows the server's message inline; without one the fallback is toasted (inlineOnly: inline)", () => {
    const s = sink();
    handleFailure(refused, { onGuest: s.onGuest, fallback: "failed", setError: s.setError });
    handleFailure(silentNoMsg, { onGuest: s.onGuest, fallback: "failed", setError: s.setError });
    expect(s.calls).toEqual(["inline:out of stock"]);
    expect(toasts).toEqual([{ msg: "failed", type: "error" }]);
    handleFailure(silentNoMsg, { onGuest: s.onGuest, fallback: "failed", setError: s.setError, inlineOnly: true });
    expect(s.calls).toEqual(["inline:out of stock", "inline:failed"]);
    expect(toasts).toHaveLength(1);
  });

  it("without a fallback nothing is shown; onFailed runs after any failure but A00004", () => {
    const s = sink();
    handleFailure(refused, { onGuest: s.onGuest, onFailed: s.onFailed });
    handleFailure(guest, { onGuest: s.onGuest, onFailed: s.onFailed });
    expect(s.calls).toEqual(["failed", "guest"]);
    expect(toasts).toEqual([]);
  });
});

describe("runAction: busy around one call", () => {
  it("answers the result and is busy while the call runs", async () => {
    const s = sink();
    const v = await runAction(
      async () => {
        s.calls.push("call");
        return 7;
      },
      { onGuest: s.onGuest, setBusy: s.setBusy },
    );
    expect(v).toBe(7);
    expect(s.calls).toEqual(["busy", "call", "idle"]);
  });

  it("answers undefined after a failure, shown before busy ends", async () => {
    const s = sink();
    const v = await runAction(() => Promise.reject(refused), {
      onGuest: s.onGuest,
      setError: s.setError,
      setBusy: s.setBusy,
    });
    expect(v).toBeUndefined();
    expect(s.calls).toEqual(["busy", "inline:out of stock", "idle"]);
  });

  it("stays busy after a success that leaves the page (keepBusy, also decided by the result)", async () => {
    const s = sink();
    await runAction(async () => "gone", { onGuest: s.onGuest, setBusy: s.setBusy, keepBusy: true });
    await runAction(async () => false, { onGuest: s.onGuest, setBusy: s.setBusy, keepBusy: (leaving) => leaving });
    await runAction(() => Promise.reject(refused), { onGuest: s.onGuest, setBusy: s.setBusy, keepBusy: true });
    expect(s.calls).toEqual(["busy", "busy", "idle", "busy", "idle"]);
  });

  it("awaits `afterwards` after the call and its failure, before busy ends", async () => {
    const s = sink();
    await runAction(() => Promise.reject(guest), {
      onGuest: s.onGuest,
      setBusy: s.setBusy,
      afterwards: async () => {
        s.calls.push("reload");
      },
    });
    expect(s.calls).toEqual(["busy", "guest", "reload", "idle"]);
  });
});
