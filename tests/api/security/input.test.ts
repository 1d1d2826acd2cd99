/**
 * Hostile input that used to fail with HTTP 500 or be accepted (docs/security.md): NUL and other
 * control characters in text fields, oversized bodies. Every refusal is an envelope in the
 * caller's language and changes nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addresses, users } from "../../../src/server/db/schema/index.ts";
import { BODY_MAX_BYTES } from "../../../src/server/http/body-limit.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { useLogSink } from "../../../src/server/log.ts";

const SZ = { provinceId: 44, cityId: 4403, areaId: 440305 };
const address = (over: Record<string, unknown> = {}) => ({
  receiver: "张三",
  mobile: "13800138000",
  ...SZ,
  addr: "科技园南区一号楼 101",
  ...over,
});

describe.skipIf(!dbReady)("hostile input", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let merchantToken: string;
  const errors: string[] = [];
  let restoreLog = () => {};

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    const login = await app.request<{ accessToken: string }>("/api/merchant/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.77.0.1" },
      body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
    });
    merchantToken = okData(login).accessToken;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
    // The server's JSON log (src/server/log.ts): its errors count too.
    restoreLog = useLogSink((line) => {
      if (["error", "fatal"].includes((JSON.parse(line) as { level: string }).level)) errors.push(line);
    });
  });
  afterAll(async () => {
    restoreLog();
    vi.restoreAllMocks();
    await app?.close();
  });

  const NUL = "\u0000";
  const refusedControl = (res: { status: number; body: { code: string; msg: string | null } }, lang = "en") => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe("A00001");
    expect(res.body.msg).toBe(
      lang === "en" ? "The text contains characters that are not allowed" : "内容含有不允许的字符",
    );
  };

  it("NUL in any text field is refused (not a 500), and nothing is stored", async () => {
    const before = await app.ctx.db.select().from(users).where(eq(users.userId, alice.userId));
    refusedControl(await call("/p/user/setUserInfo", { method: "PUT", user: alice, body: { nickName: `Ni${NUL}ck` } }));
    refusedControl(
      await call("/p/address/addAddr", { user: alice, body: address({ addr: `科技园${NUL}南区一号楼` }) }),
      "en",
    );
    refusedControl(
      await call("/p/address/addAddr", { user: alice, body: address({ receiver: `张${NUL}三` }), lang: "zh" }),
      "zh",
    );
    refusedControl(await call("/p/order/submit", { user: alice, body: { uuid: `abc${NUL}` } }));
    refusedControl(
      await call("/p/order/confirm", {
        user: alice,
        body: { orderItem: { prodId: 1, skuId: 1, shopId: 1, prodCount: 1 }, remarks: NUL },
      }),
    );
    refusedControl(await call("/merchant/login", { body: { username: `shop01${NUL}`, password: "x" } }));
    refusedControl(
      await app.request("/api/merchant/deliveries/1/traces", {
        method: "POST",
        headers: { Authorization: merchantToken, "Content-Type": "application/json", "Accept-Language": "en" },
        body: JSON.stringify({ state: 1, acceptStation: `Hub${NUL}` }),
      }),
    );
    refusedControl(await call("/login", { body: { userName: `buyer${NUL}`, passWord: "x" } }));
    // a small JSON body of declared length (read once, for the handler too) is checked the same way
    const small = JSON.stringify({ nickName: `Ni${NUL}ck` });
    refusedControl(
      await app.request("/api/p/user/setUserInfo", {
        method: "PUT",
        headers: {
          Authorization: alice.token,
          "Content-Type": "application/json",
          "Accept-Language": "en",
          "Content-Length": String(Buffer.byteLength(small)),
        },
        body: small,
      }),
    );
    // in the query string and the path, too
    refusedControl(await call("/search/searchProdPage?prodName=a%00b"));
    refusedControl(await call("/shop/listShop?shopName=%00"));
    expect(await app.ctx.db.select().from(users).where(eq(users.userId, alice.userId))).toEqual(before);
    expect(await app.ctx.db.select().from(addresses).where(eq(addresses.userId, alice.userId))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("other control characters are refused by the shared text rules", async () => {
    for (const bad of ["\u0007bell", "esc\u001b[31m", "del\u007f", "line\nbreak"]) {
      refusedControl(await call("/p/user/setUserInfo", { method: "PUT", user: alice, body: { nickName: bad } }));
      refusedControl(await call("/p/address/addAddr", { user: alice, body: address({ addr: `科技园南区 ${bad}` }) }));
    }
    // ordinary text with inner spaces still passes
    okData(await call("/p/user/setUserInfo", { method: "PUT", user: alice, body: { nickName: "Alice Liu" } }));
  });

  it("one body limit: over 1 MB is 413 with the envelope, in the caller's language; nothing changes", async () => {
    const big = JSON.stringify({ nickName: "x".repeat(BODY_MAX_BYTES) });
    for (const [path, method] of [
      ["/p/user/setUserInfo", "PUT"],
      ["/p/address/addAddr", "POST"],
      ["/flowAnalysisLog", "POST"],
      ["/pay/notify/sandbox", "POST"],
      ["/nowhere", "POST"],
    ] as const) {
      const res = await app.request(`/api${path}`, {
        method,
        headers: { Authorization: alice.token, "Content-Type": "application/json", "Accept-Language": "zh-TW" },
        body: big,
      });
      expect(res.status, path).toBe(413);
      expect(res.body).toEqual({ code: "A00001", msg: "請求內容過大", data: null, success: false });
    }
    // with a declared length, too
    const declared = await app.request("/api/p/order/pay", {
      method: "POST",
      headers: {
        Authorization: alice.token,
        "Content-Type": "application/json",
        "Content-Length": String(5 * BODY_MAX_BYTES),
      },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await app.ctx.db.select().from(users).where(eq(users.userId, alice.userId)))[0]!.nickName).toBe(
      "Alice Liu",
    );
    // just under the limit is read (and refused by the field rule, not the size)
    const under = await call("/p/address/addAddr", {
      user: alice,
      body: address({ addr: "x".repeat(BODY_MAX_BYTES - 200) }),
    });
    expect(under.status).toBe(200);
    expect(under.body.code).toBe("A00001");
  });
});
