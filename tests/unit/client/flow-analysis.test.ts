import { beforeEach, describe, expect, it } from "vitest";
import { buildPageView, deviceId, FLOW_KEYS, randomId, trackPageView } from "../../../src/client/flow-analysis.ts";
import { flowAnalysisLogSchema } from "../../../src/lib/flow-analysis/flow-analysis.ts";
import { TRACKING_SESSION_MS } from "../../../src/lib/flow-analysis/flow-session.ts";
import { FakeStorage } from "../helpers/fake-browser.ts";

describe("flow-analysis tracker", () => {
  let storage: FakeStorage;
  let now: number;
  let ids: number;
  const deps = () => ({ storage, now: () => now, newId: () => `id${++ids}` });

  beforeEach(() => {
    storage = new FakeStorage();
    now = 1_700_000_000_000;
    ids = 0;
  });

  it("keeps one device id", () => {
    const a = deviceId(deps());
    expect(deviceId(deps())).toBe(a);
    expect(storage.getItem(FLOW_KEYS.uuid)).toBe(a);
  });

  it("counts steps and remembers the previous page within a session", () => {
    const first = buildPageView({ pageId: 1 }, deps());
    expect(first).toEqual({ pageId: 1, step: 1, systemType: 1, uuid: "id1", uuidSession: "id2", visitType: 1 });
    now += 60_000;
    const second = buildPageView({ pageId: 3, bizType: 0, bizData: 42 }, deps());
    expect(second).toMatchObject({
      pageId: 3,
      prevPageId: 1,
      step: 2,
      uuid: "id1",
      uuidSession: "id2",
      bizType: 0,
      bizData: "42",
    });
    expect(flowAnalysisLogSchema.safeParse(second).success).toBe(true);
  });

  it("starts a new session after 30 minutes without a log", () => {
    buildPageView({ pageId: 1 }, deps());
    now += TRACKING_SESSION_MS;
    const next = buildPageView({ pageId: 6 }, deps());
    expect(next.uuidSession).not.toBe("id2");
    expect(next.step).toBe(1);
    expect(next).not.toHaveProperty("prevPageId");
    expect(next.uuid).toBe("id1");
  });

  it("survives corrupt storage and storage that throws", () => {
    storage.setItem(FLOW_KEYS.session, "{oops");
    expect(buildPageView({ pageId: 1 }, deps()).step).toBe(1);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {},
    };
    expect(buildPageView({ pageId: 1 }, { ...deps(), storage: broken }).step).toBe(1);
  });

  it("sends to /p/flowAnalysisLog with a token, else /flowAnalysisLog, and never throws", async () => {
    const sent: [string, unknown][] = [];
    const send = async (path: string, body: unknown) => {
      sent.push([path, body]);
    };
    await trackPageView({ pageId: 1 }, { ...deps(), token: () => null, send });
    await trackPageView({ pageId: 3 }, { ...deps(), token: () => "tok", send });
    expect(sent.map(([p]) => p)).toEqual(["/flowAnalysisLog", "/p/flowAnalysisLog"]);
    await expect(
      trackPageView({ pageId: 1 }, { ...deps(), token: () => null, send: () => Promise.reject(new Error("offline")) }),
    ).resolves.toBeUndefined();
    await trackPageView({ pageId: 0 }, { ...deps(), token: () => null, send });
    expect(sent).toHaveLength(2);
  });

  it("random ids fit the log's id pattern", () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
