/**
 * Rate limits and cooldowns hold across server processes (docs/security.md "Limits"): two API
 * instances, each with its own connection pool to the same PostgreSQL database, stand for two
 * processes behind a load balancer (and so do decoration previews). Runs on PostgreSQL only (PGlite
 * takes one connection).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../../src/server/api/app.ts";
import { openDatabase, type Database } from "../../../src/server/db/client.ts";
import { secondsLeft } from "../../../src/server/domain/kernel/rate-limit.ts";
import { findDraftPreview } from "../../../src/server/domain/renovation/draft-preview.ts";
import { DevOutboxSmsProvider } from "../../../src/server/providers/sms.ts";
import { LocalFileStorage } from "../../../src/server/providers/storage.ts";
import { createTestUser } from "../account-helpers.ts";
import { createTestApp, dbDriver, dbReady, PNG_1X1, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady || dbDriver !== "pg")("limits shared by several processes (PostgreSQL)", () => {
  let app: TestApp;
  let second: Database;
  let apis: ReturnType<typeof createApi>[];
  beforeAll(async () => {
    app = await createTestApp();
    second = await openDatabase({ databaseUrl: app.ctx.config.databaseUrl! });
    const dir = app.ctx.config.dataDir;
    const other = createApi({
      ...app.ctx,
      database: second,
      db: second.db,
      sms: new DevOutboxSmsProvider(dir, () => {}),
      storage: new LocalFileStorage(path.join(dir, "uploads")),
    });
    apis = [app.api, other];
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  const post = async (i: number, p: string, body: unknown, ip: string) => {
    const res = await apis[i % 2]!.request(`/api${p}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: string; msg: string | null };
  };

  it("failed logins counted on either process stop the 11th try on both", async () => {
    if (secondsLeft(new Date(), 15 * 60) < 20) await new Promise((r) => setTimeout(r, 21_000));
    for (let i = 0; i < 10; i++)
      expect((await post(i, "/login", { userName: "reviewer03", passWord: `Wrong${i}abc` }, "198.51.100.77")).msg).toBe(
        "Wrong account or password",
      );
    expect((await post(0, "/login", { userName: "reviewer03", passWord: "Review1234" }, "198.51.100.77")).msg).toMatch(
      /^Too many attempts/,
    );
    expect((await post(1, "/login", { userName: "reviewer03", passWord: "Review1234" }, "198.51.100.77")).msg).toMatch(
      /^Too many attempts/,
    );
  }, 60_000);

  it("the SMS cooldown of one process holds on the other", async () => {
    const mobile = `135${String(Date.now()).slice(-8)}`;
    expect((await post(0, "/sms/sendLoginCode", { mobile }, "198.51.100.78")).code).toBe("00000");
    expect((await post(1, "/sms/sendLoginCode", { mobile }, "198.51.100.78")).msg).toMatch(
      /please wait (1 second|\d+ seconds)/,
    );
  });

  it("registrations per IP are counted across processes", async () => {
    for (let i = 0; i < 20; i++)
      expect(
        (
          await post(
            i,
            "/user/register",
            {
              userName: "demo",
              password: "Abc12345",
              mobile: `1350000${String(1000 + i)}`,
              validCode: "123456",
              agreed: true,
            },
            "198.51.100.79",
          )
        ).msg,
      ).toBe("This account name is already taken");
    expect(
      (
        await post(
          1,
          "/user/register",
          { userName: "demo", password: "Abc12345", mobile: "13500009999", validCode: "123456", agreed: true },
          "198.51.100.79",
        )
      ).msg,
    ).toMatch(/^Too many requests/);
  });
  it("uploads counted on either process stop the next upload on both", async () => {
    const saved = app.ctx.config.uploadLimits;
    app.ctx.config.uploadLimits = { ...saved, ownerPerDay: 2 };
    try {
      const u = await createTestUser(app, "sharedup");
      const upload = async (i: number) => {
        const form = new FormData();
        form.append("file", new File([PNG_1X1], "x.png", { type: "image/png" }));
        const res = await apis[i % 2]!.request("/api/p/file/upload?folder=review", {
          method: "POST",
          headers: { Authorization: u.token, "Accept-Language": "en" },
          body: form,
        });
        return { status: res.status, ...((await res.json()) as { code: string; msg: string | null }) };
      };
      expect((await upload(0)).code).toBe("00000");
      expect((await upload(1)).code).toBe("00000");
      for (const i of [0, 1])
        expect(await upload(i)).toMatchObject({
          status: 429,
          code: "A00001",
          msg: "Too many uploads; please try again later",
        });
    } finally {
      app.ctx.config.uploadLimits = saved;
    }
  });

  it("a decoration preview kept by one process is served by the other", async () => {
    const login = (await post(0, "/merchant/login", { username: "shop02", password: "Shop1234" }, "198.51.100.80")) as {
      data?: { accessToken: string };
    };
    const token = login.data!.accessToken;
    const content = [{ type: "floor_title", dataField: { mainTitle: { zh: "预览", "zh-tw": "預覽", en: "Preview" } } }];
    const res = await apis[0]!.request("/api/merchant/renovations/preview", {
      method: "POST",
      headers: { Authorization: token, "Content-Type": "application/json", "Accept-Language": "en" },
      body: JSON.stringify({ content }),
    });
    const url = new URL(((await res.json()) as { data: { previewUrl: string } }).data.previewUrl);
    expect(url.searchParams.get("sid")).toBe("2");
    const seen = await findDraftPreview(second.db, url.searchParams.get("draft"), 2);
    expect(seen?.blocks).toEqual(content);
  });
});
