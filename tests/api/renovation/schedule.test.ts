/**
 * The decoration studio's API (docs/renovation.md "Scheduled windows", "Two editors"): windows of
 * a page through the jobs table, run with a controllable clock (runDueJobs' `now`, and the
 * DEV_CLOCK route), the page they replaced coming back at the end, refusals, shop scope; located
 * refusals carry their path; two editors of one draft get a conflict and nothing is lost.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { jobs, products } from "../../../src/server/db/schema/index.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import { getShopHomeRenovation } from "../../../src/server/domain/renovation/renovation.ts";
import { caller } from "../account-helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const L = (s: string) => ({ zh: s, "zh-tw": s, en: s });
const HOUR = 3600_000;

describe.skipIf(!dbReady)("decoration studio API: scheduled windows, conflicts, located refusals", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let shop1: string;
  let shop4: string;
  let prod1: number;

  const as = (token: string) => ({ token }) as never;
  const content = (title: string) => [
    { type: "floor_title", dataField: { mainTitle: L(title) } },
    { type: "goods_list", dataField: { listType: 4, goodsList: [{ id: prod1 }] } },
  ];
  const create = async (title: string, token = shop1) =>
    okData(
      await call<{ renovationId: number }>("/merchant/renovations", {
        user: as(token),
        body: { name: title, content: content(title) },
      }),
    ).renovationId;
  const schedule = (id: number, body: unknown, token = shop1, lang = "en") =>
    call<{ renovationId: number; startAt: string | null; endAt: string | null }>(
      `/merchant/renovations/${id}/schedule`,
      { user: as(token), body, lang },
    );
  const live = async () => (await getShopHomeRenovation(app.ctx.db, "en", 1))?.renovationId ?? null;
  const runAt = (at: number) => runDueJobs(app.ctx.db, new Date(at), 100, ["renovationStart", "renovationEnd"]);

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    const login = async (username: string) =>
      okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
        .accessToken;
    shop1 = await login("shop01");
    shop4 = await login("shop04");
    const [p] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.status, 1)))
      .limit(1);
    prod1 = p!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a window publishes the page at its start and brings the page it replaced back at its end", async () => {
    const before = await live();
    expect(before).not.toBeNull();
    const id = await create("Flash sale");
    const start = Date.now() + 2 * HOUR;
    const end = start + 3 * HOUR;
    const w = okData(
      await schedule(id, { startAt: new Date(start).toISOString(), endAt: new Date(end).toISOString() }),
    );
    expect(w).toEqual({ renovationId: id, startAt: new Date(start).toISOString(), endAt: new Date(end).toISOString() });
    // Listed with the page; nothing changes before the start.
    const list = okData(
      await call<{ renovationId: number; schedule: unknown }[]>("/merchant/renovations", { user: as(shop1) }),
    );
    expect(list.find((r) => r.renovationId === id)!.schedule).toEqual(w);
    await runAt(start - 1000);
    expect(await live()).toBe(before);
    // At the start (the clock moved on): live. Publishing by the job is the same as by hand.
    expect((await runAt(start + 1000)).done).toBe(1);
    expect(await live()).toBe(id);
    const read = okData(
      await call<{ status: number; schedule: { startAt: string | null; endAt: string } }>(
        `/merchant/renovations/${id}`,
        { user: as(shop1) },
      ),
    );
    expect(read.status).toBe(1);
    expect(read.schedule).toMatchObject({ startAt: null, endAt: new Date(end).toISOString() });
    // At the end: off, and the page it replaced is live again.
    await runAt(end + 1000);
    expect(await live()).toBe(before);
    // Done jobs are not listed any more.
    const after = okData(await call<{ schedule: unknown }>(`/merchant/renovations/${id}`, { user: as(shop1) }));
    expect(after.schedule).toBeNull();
  });

  it("an end-only window takes the live page off; a cancelled window does nothing", async () => {
    const before = (await live())!;
    const end = Date.now() + HOUR;
    okData(await schedule(before, { endAt: new Date(end).toISOString() }));
    const draft = await create("Cancelled");
    const start = Date.now() + HOUR / 2;
    okData(await schedule(draft, { startAt: new Date(start).toISOString() }));
    okData(await call(`/merchant/renovations/${draft}/schedule`, { user: as(shop1), method: "DELETE" }));
    await runAt(end + 1000);
    expect(await live()).toBeNull();
    // restore the first page for the next tests
    okData(await call(`/merchant/renovations/${before}/publish`, { user: as(shop1), body: {} }));
    expect(await live()).toBe(before);
  });

  it("a scheduled draft that is deleted meanwhile leaves nothing to do", async () => {
    const id = await create("Deleted");
    const start = Date.now() + HOUR;
    okData(await schedule(id, { startAt: new Date(start).toISOString() }));
    okData(await call(`/merchant/renovations/${id}`, { user: as(shop1), method: "DELETE" }));
    const pending = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.refKey, `1:${id}`));
    expect(pending.filter((j) => j.doneAt === null)).toEqual([]);
    const summary = await runAt(start + 1000);
    expect(summary.failed).toBe(0);
  });

  it("refuses windows in the past, ends before starts, a start for the live page, in the caller's language", async () => {
    const id = await create("Refused");
    const now = Date.now();
    const iso = (t: number) => new Date(t).toISOString();
    expect((await schedule(id, { startAt: iso(now - HOUR) })).body.msg).toBe("The start must be a time in the future");
    expect((await schedule(id, { startAt: iso(now + 2 * HOUR), endAt: iso(now + HOUR) })).body.msg).toBe(
      "The end must come after the start",
    );
    expect((await schedule(id, {})).body.msg).toBe("Give a start or an end time");
    expect((await schedule(id, { endAt: iso(now + HOUR) }, shop1, "zh")).body.msg).toBe("请填写发布时间");
    expect((await schedule((await live())!, { startAt: iso(now + HOUR) }, shop1, "zh-TW")).body.msg).toBe(
      "該頁面已發布，只能設定結束時間",
    );
    const bad = await schedule(id, { startAt: "tomorrow" });
    expect(bad.body.code).toBe("A00001");
    const stored = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.refKey, `1:${id}`));
    expect(stored).toEqual([]);
  });

  it("another shop can not schedule, cancel or see the window of a shop's page", async () => {
    const id = await create("Mine");
    const at = new Date(Date.now() + HOUR).toISOString();
    const res = await schedule(id, { startAt: at }, shop4);
    expect(res.body.msg).toBe("Decoration not found");
    const cancel = await call(`/merchant/renovations/${id}/schedule`, { user: as(shop4), method: "DELETE" });
    expect(cancel.body.msg).toBe("Decoration not found");
    okData(await schedule(id, { startAt: at }));
    const theirs = okData(await call<{ renovationId: number }[]>("/merchant/renovations", { user: as(shop4) }));
    expect(theirs.map((r) => r.renovationId)).not.toContain(id);
    // The window of shop 1's page is run for shop 1 only.
    await runAt(Date.parse(at) + 1000);
    expect(await live()).toBe(id);
    expect((await getShopHomeRenovation(app.ctx.db, "en", 4))?.renovationId).not.toBe(id);
  });

  it("two editors of one draft: the second save from an old base is refused with a conflict and changes nothing", async () => {
    const id = await create("Two editors");
    const read = () =>
      call<{ updatedAt: string; name: string; content: { dataField: { mainTitle?: { en: string } } }[] }>(
        `/merchant/renovations/${id}`,
        { user: as(shop1) },
      ).then(okData);
    const base = (await read()).updatedAt;
    const a = okData(
      await call<{ updatedAt: string }>(`/merchant/renovations/${id}`, {
        user: as(shop1),
        method: "PUT",
        body: { name: "Editor A", content: content("A"), baseUpdatedAt: base },
      }),
    );
    expect(a.updatedAt).not.toBe(base);
    const b = await call<{ conflict: boolean; updatedAt: string; name: string }>(`/merchant/renovations/${id}`, {
      user: as(shop1),
      method: "PUT",
      body: { name: "Editor B", content: content("B"), baseUpdatedAt: base },
    });
    expect(b.status).toBe(409);
    expect(b.body.msg).toMatch(/Someone else saved “Editor A”/);
    expect(b.body.data).toEqual({ conflict: true, updatedAt: a.updatedAt, name: "Editor A" });
    const stored = await read();
    expect(stored.name).toBe("Editor A");
    expect(stored.content[0]!.dataField.mainTitle!.en).toBe("A");
    // B read the latest and saves on top of it.
    okData(
      await call(`/merchant/renovations/${id}`, {
        user: as(shop1),
        method: "PUT",
        body: { name: "Editor B", content: content("B"), baseUpdatedAt: a.updatedAt },
      }),
    );
    expect((await read()).name).toBe("Editor B");
  });

  it("a refused draft names its place as data.path for the studio", async () => {
    const res = await call<{ path: (string | number)[] }>("/merchant/renovations/preview", {
      user: as(shop1),
      body: {
        content: [
          { type: "floor_title", dataField: { mainTitle: L("ok") } },
          { type: "floor_title", dataField: { mainTitle: { zh: "x", "zh-tw": "x", en: "y".repeat(41) } } },
        ],
      },
    });
    expect(res.body.msg).toBe("block 2 (floor_title): mainTitle: en: at most 40 characters");
    expect(res.body.data).toEqual({ path: [1, "dataField", "mainTitle", "en"] });
  });

  it("the controllable clock route is off unless DEV_CLOCK=1", async () => {
    const res = await call("/dev/jobs/run", { body: { now: new Date().toISOString(), kinds: ["renovationStart"] } });
    expect(res.status).toBe(404);
    app.ctx.config.devClock = true;
    try {
      const id = await create("Clock");
      const start = Date.now() + 5 * HOUR;
      okData(await schedule(id, { startAt: new Date(start).toISOString() }));
      const ran = okData(
        await call<{ done: number }>("/dev/jobs/run", {
          body: { now: new Date(start + 1000).toISOString(), kinds: ["renovationStart", "renovationEnd"] },
        }),
      );
      expect(ran.done).toBe(1);
      expect(await live()).toBe(id);
      const bad = await call("/dev/jobs/run", { body: { now: "soon", kinds: [] } });
      expect(bad.body.code).toBe("A00001");
    } finally {
      app.ctx.config.devClock = false;
    }
  });

  it("npm run ops: renovation-schedule and renovation-unschedule", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ops-sched-"));
    try {
      const ops = opsCli(app, dir);
      expect((await ops("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
      const id = await create("From the CLI");
      const from = new Date(Date.now() + 2 * HOUR).toISOString();
      const until = new Date(Date.now() + 4 * HOUR).toISOString();
      const r = await ops("renovation-schedule", String(id), "--from", from, "--until", until, "--json");
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toEqual({ renovationId: id, startAt: from, endAt: until });
      const refused = await ops("renovation-schedule", String(id), "--from", until, "--until", from);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain("The end must come after the start");
      expect((await ops("renovation-unschedule", String(id))).code).toBe(0);
      const read = okData(await call<{ schedule: unknown }>(`/merchant/renovations/${id}`, { user: as(shop1) }));
      expect(read.schedule).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("the studio's pickers offer the shop's own products (by name), pages and pictures only", async () => {
    const mine = okData(
      await call<{ value: number; label: string }[]>("/merchant/renovations/sources?kind=products", {
        user: as(shop1),
      }),
    );
    expect(mine.length).toBeGreaterThan(0);
    const owners = await app.ctx.db
      .select({ shopId: products.shopId })
      .from(products)
      .where(
        inArray(
          products.prodId,
          mine.map((m) => m.value),
        ),
      );
    expect(new Set(owners.map((o) => o.shopId))).toEqual(new Set([1]));
    const word = mine[0]!.label.slice(0, 2);
    const found = okData(
      await call<{ label: string }[]>(`/merchant/renovations/sources?kind=products&q=${encodeURIComponent(word)}`, {
        user: as(shop1),
      }),
    );
    expect(found.every((f) => f.label.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const pages4 = okData(
      await call<{ value: number }[]>("/merchant/renovations/sources?kind=pages", { user: as(shop4) }),
    );
    const pages1 = okData(
      await call<{ value: number }[]>("/merchant/renovations/sources?kind=pages", { user: as(shop1) }),
    );
    expect(pages4.some((p) => pages1.some((q) => q.value === p.value))).toBe(false);
    const bad = await call("/merchant/renovations/sources?kind=orders", { user: as(shop1) });
    expect(bad.body.code).toBe("A00001");
    const anon = await call("/merchant/renovations/sources?kind=products");
    expect(anon.body.code).toBe("A00004");
  });
});
