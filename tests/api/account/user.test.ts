/** The logged-in user: userInfo, centerInfo, setUserInfo, updatePassword (CONTRACT §7.1). */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import zhRulesJson from "../../../src/i18n/zh/rules.json" with { type: "json" };
import { shops, userLedger, users } from "../../../src/server/db/schema/index.ts";
import { readOutboxCode } from "../../../src/server/providers/sms.ts";
import { DEMO_USER, REVIEWER_PASSWORD } from "../../../src/server/seed/index.ts";
import { createTestApp, dbReady, okData, type TestApp, type TestResponse } from "../helpers.ts";

interface TokenInfo {
  accessToken: string;
  expiresIn: number;
}
const zhRules = zhRulesJson as Record<string, string>;
const PNG_1X1 = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

describe.skipIf(!dbReady)("user centre API", () => {
  let app: TestApp;
  let ipSeq = 0;
  let ip = "192.0.2.1";
  const nextIp = () => {
    ip = `192.0.2.${(++ipSeq % 250) + 1}`;
    return ip;
  };
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = <T = unknown>(
    method: string,
    p: string,
    body?: unknown,
    opts: { lang?: string; token?: string } = {},
  ): Promise<TestResponse<T>> =>
    app.request<T>(`/api${p}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": ip,
        ...(opts.lang ? { "Accept-Language": opts.lang } : {}),
        ...(opts.token ? { Authorization: opts.token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const login = async (userName: string, passWord: string) =>
    okData(await call<TokenInfo>("POST", "/login", { userName, passWord })).accessToken;
  const fail = (res: TestResponse<unknown>, msg: string | RegExp) => {
    expect(res.body.code).toBe("A00001");
    if (typeof msg === "string") expect(res.body.msg).toBe(msg);
    else expect(res.body.msg).toMatch(msg);
  };
  const userRow = async (userId: string) => (await app.ctx.db.select().from(users).where(eq(users.userId, userId)))[0]!;

  it("userInfo: the session's own user, masked mobile, balance with 2 decimals", async () => {
    nextIp();
    const token = await login("demo", DEMO_USER.password);
    const info = okData(await call<Record<string, unknown>>("GET", "/p/user/userInfo", undefined, { token }));
    // The seeded points equal the sum of the demo buyer's points ledger (seeded history plus the completed order's reward; docs/points.md).
    const earned = (await app.ctx.db.select().from(userLedger).where(eq(userLedger.userId, DEMO_USER.userId)))
      .filter((l) => l.kind === "score")
      .reduce((n, l) => n + Number(l.amount), 0);
    expect(earned).toBeGreaterThan(0);
    expect(info).toMatchObject({
      userId: DEMO_USER.userId,
      nickName: DEMO_USER.nickName,
      username: "demo",
      sex: "M",
      userMobile: "138****8000",
      mobile: "138****8000",
      status: 1,
      level: 1,
      levelType: 0,
      score: earned,
      balance: "5000.00",
    });
    expect(Object.keys(info).sort()).toEqual([
      "balance",
      "level",
      "levelType",
      "mobile",
      "nickName",
      "pic",
      "score",
      "sex",
      "status",
      "userId",
      "userMobile",
      "username",
    ]);
    expect(JSON.stringify(info)).not.toContain("13800138000");
  });

  it("another user's token never returns this user's data", async () => {
    nextIp();
    const a = await login("demo", DEMO_USER.password);
    const b = await login("reviewer07", REVIEWER_PASSWORD);
    const ia = okData(await call<{ userId: string }>("GET", "/p/user/userInfo", undefined, { token: a }));
    const ib = okData(
      await call<{ userId: string; username: string }>("GET", "/p/user/userInfo", undefined, { token: b }),
    );
    expect(ia.userId).toBe(DEMO_USER.userId);
    expect(ib.userId).not.toBe(DEMO_USER.userId);
    expect(ib.username).toBe("reviewer07");
    // setUserInfo with b's token changes b only (no id is taken from the request).
    okData(await call("PUT", "/p/user/setUserInfo", { nickName: "B改名", userId: DEMO_USER.userId }, { token: b }));
    expect((await userRow(DEMO_USER.userId)).nickName).toBe(DEMO_USER.nickName);
    expect((await userRow(ib.userId)).nickName).toBe("B改名");
    expect((await call("GET", "/p/user/userInfo")).body.code).toBe("A00004");
    expect((await call("GET", "/p/user/centerInfo", undefined, { token: "forged" })).body.code).toBe("A00004");
  });

  it("centerInfo: zero order counts, shop of the user or -1, isSetPassword", async () => {
    nextIp();
    const token = await login("reviewer08", REVIEWER_PASSWORD);
    const info = okData(await call<Record<string, unknown>>("GET", "/p/user/centerInfo", undefined, { token }));
    expect(info).toEqual({
      orderCountData: {
        unPay: 0,
        payed: 0,
        toUse: 0,
        consignment: 0,
        confirm: 0,
        success: 0,
        close: 0,
        refund: 0,
        grouping: 0,
        allCount: 0,
      },
      shopAuditStatus: null,
      shopStatus: -1,
      shopId: null,
      isSetPassword: true,
      score: expect.any(Number),
      totalBalance: "0.00",
      couponNum: 0,
      levelName: expect.any(String),
      levelType: 0,
    });
    const userId = okData(await call<{ userId: string }>("GET", "/p/user/userInfo", undefined, { token })).userId;
    const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.shopStatus, 1)).limit(1);
    await app.ctx.db.update(shops).set({ ownerUserId: userId }).where(eq(shops.shopId, shop!.shopId));
    expect(
      okData(await call<{ shopStatus: number; shopId: number }>("GET", "/p/user/centerInfo", undefined, { token })),
    ).toMatchObject({ shopStatus: 1, shopId: shop!.shopId });
    await app.ctx.db.update(shops).set({ ownerUserId: null }).where(eq(shops.shopId, shop!.shopId));
  });

  describe("setUserInfo", () => {
    it("nickname rules (empty, 16 characters) in zh and en; sex M/F; nothing changed", async () => {
      nextIp();
      const token = await login("demo", DEMO_USER.password);
      const before = await userRow(DEMO_USER.userId);
      fail(
        await call("PUT", "/p/user/setUserInfo", { nickName: "一".repeat(16) }, { token, lang: "en" }),
        "The nickname cannot exceed 15 characters",
      );
      fail(await call("PUT", "/p/user/setUserInfo", { nickName: "a".repeat(16) }, { token }), zhRules.nicknameTooLong!);
      fail(
        await call("PUT", "/p/user/setUserInfo", { nickName: "   " }, { token, lang: "en" }),
        "The nickname cannot be empty",
      );
      fail(await call("PUT", "/p/user/setUserInfo", {}, { token, lang: "en" }), "The nickname cannot be empty");
      fail(
        await call("PUT", "/p/user/setUserInfo", { nickName: "Ann\u202egpj.exe" }, { token, lang: "en" }),
        "Names and addresses cannot contain hidden characters (invisible ones, or ones that change the reading direction)",
      );
      fail(
        await call("PUT", "/p/user/setUserInfo", { nickName: "\u2067小明" }, { token }),
        "姓名和地址不能包含隐藏字符（不可见字符或改变文字方向的字符）",
      );
      fail(
        await call("PUT", "/p/user/setUserInfo", { nickName: "ok", sex: "X" }, { token, lang: "en" }),
        "Gender is not valid",
      );
      fail(
        await call(
          "PUT",
          "/p/user/setUserInfo",
          { nickName: "ok", avatarUrl: "https://evil.example/x.png" },
          { token, lang: "en" },
        ),
        "The avatar image is not valid, please upload it again",
      );
      fail(
        await call(
          "PUT",
          "/p/user/setUserInfo",
          { nickName: "ok", avatarUrl: "/uploads/avatar/00000000-0000-0000-0000-000000000000.png" },
          { token, lang: "en" },
        ),
        "The avatar image is not valid, please upload it again",
      );
      fail(
        await call(
          "PUT",
          "/p/user/setUserInfo",
          { nickName: "ok", avatarUrl: "/uploads/avatar/../../sms-outbox.jsonl" },
          { token, lang: "en" },
        ),
        "The avatar image is not valid, please upload it again",
      );
      const after = await userRow(DEMO_USER.userId);
      expect(after).toEqual(before);
    });

    it("15 characters, sex and an uploaded avatar are saved; the current picture may be sent back", async () => {
      nextIp();
      const token = await login("reviewer10", REVIEWER_PASSWORD);
      const form = new FormData();
      form.append("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
      const { filePath } = okData(
        await app.request<{ filePath: string }>("/api/p/file/upload?folder=avatar", {
          method: "POST",
          headers: { Authorization: token },
          body: form,
        }),
      );
      okData(
        await call(
          "PUT",
          "/p/user/setUserInfo",
          { nickName: "  十五个字的昵称十五个字的昵称  ", sex: "F", avatarUrl: filePath },
          { token },
        ),
      );
      let info = okData(
        await call<{ nickName: string; sex: string; pic: string }>("GET", "/p/user/userInfo", undefined, { token }),
      );
      expect(info).toMatchObject({ nickName: "十五个字的昵称十五个字的昵称", sex: "F", pic: filePath });
      okData(await call("PUT", "/p/user/setUserInfo", { nickName: "Lily", avatarUrl: filePath }, { token }));
      okData(await call("PUT", "/p/user/setUserInfo", { nickName: "Lily", avatarUrl: "" }, { token }));
      info = okData(
        await call<{ nickName: string; sex: string; pic: string }>("GET", "/p/user/userInfo", undefined, { token }),
      );
      expect(info).toMatchObject({ nickName: "Lily", sex: "F", pic: filePath });
    });
  });

  describe("updatePassword", () => {
    it("with a password: old password required and checked, rules apply, all sessions revoked, a fresh token answered", async () => {
      nextIp();
      const t1 = await login("reviewer02", REVIEWER_PASSWORD);
      const t2 = await login("reviewer02", REVIEWER_PASSWORD);
      const before = await userRow(
        okData(await call<{ userId: string }>("GET", "/p/user/userInfo", undefined, { token: t1 })).userId,
      );
      fail(
        await call("PUT", "/p/user/updatePassword", { newPassword: "Next12345" }, { token: t1, lang: "en" }),
        "Please enter the current password",
      );
      fail(
        await call(
          "PUT",
          "/p/user/updatePassword",
          { oldPassword: "Wrong12345", newPassword: "Next12345" },
          { token: t1, lang: "en" },
        ),
        "The current password is wrong",
      );
      fail(
        await call(
          "PUT",
          "/p/user/updatePassword",
          { oldPassword: REVIEWER_PASSWORD, newPassword: "abcdefg" },
          { token: t1, lang: "en" },
        ),
        "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
      );
      fail(
        await call(
          "PUT",
          "/p/user/updatePassword",
          { oldPassword: REVIEWER_PASSWORD, newPassword: "abcdefg" },
          { token: t1 },
        ),
        zhRules.passwordInvalid!,
      );
      fail(
        await call("PUT", "/p/user/updatePassword", { oldPassword: REVIEWER_PASSWORD, newPassword: "" }, { token: t1 }),
        zhRules.passwordRequired!,
      );
      fail(
        await call(
          "PUT",
          "/p/user/updatePassword",
          { oldPassword: REVIEWER_PASSWORD, newPassword: "Next12345", confirmPassword: "Next1234" },
          { token: t1, lang: "en" },
        ),
        "The two passwords do not match",
      );
      fail(
        await call(
          "PUT",
          "/p/user/updatePassword",
          { oldPassword: REVIEWER_PASSWORD, newPassword: REVIEWER_PASSWORD },
          { token: t1, lang: "en" },
        ),
        "The new password must differ from the current one",
      );
      expect((await userRow(before.userId)).passwordHash).toBe(before.passwordHash);
      const fresh = okData(
        await call<TokenInfo>(
          "PUT",
          "/p/user/updatePassword",
          { oldPassword: REVIEWER_PASSWORD, newPassword: "Next12345", confirmPassword: "Next12345" },
          { token: t1 },
        ),
      );
      expect(fresh.expiresIn).toBe(2_592_000);
      expect((await call("GET", "/p/user/userInfo", undefined, { token: t1 })).body.code).toBe("A00004");
      expect((await call("GET", "/p/user/userInfo", undefined, { token: t2 })).body.code).toBe("A00004");
      expect(
        okData(await call<{ userId: string }>("GET", "/p/user/userInfo", undefined, { token: fresh.accessToken }))
          .userId,
      ).toBe(before.userId);
      await login("reviewer02", "Next12345");
      fail(
        await call("POST", "/login", { userName: "reviewer02", passWord: REVIEWER_PASSWORD }, { lang: "en" }),
        "Wrong account or password",
      );
    });

    it("without a password (SMS-created account): an SMS code of purpose password is required", async () => {
      nextIp();
      const mobile = "15800001234";
      okData(await call("POST", "/sms/sendLoginCode", { mobile }));
      const outbox = path.join(app.ctx.config.dataDir, "sms-outbox.jsonl");
      const token = okData(
        await call<TokenInfo>("POST", "/smsLogin", {
          userName: mobile,
          passWord: await readOutboxCode(outbox, mobile, "login"),
        }),
      ).accessToken;
      expect(
        okData(await call<{ isSetPassword: boolean }>("GET", "/p/user/centerInfo", undefined, { token })).isSetPassword,
      ).toBe(false);
      fail(
        await call("PUT", "/p/user/updatePassword", { newPassword: "Mine12345" }, { token, lang: "en" }),
        "Please enter the code",
      );
      // The previous (login) code was sent less than 60 s ago: the next one must wait.
      await app.ctx.db.execute(
        `update sms_codes set created_at = created_at - interval '2 minutes' where mobile = '${mobile}'`,
      );
      okData(await call("POST", "/p/sms/sendPasswordCode", undefined, { token }));
      const code = await readOutboxCode(outbox, mobile, "password");
      expect(code).toMatch(/^\d{6}$/);
      fail(
        await call(
          "PUT",
          "/p/user/updatePassword",
          { newPassword: "Mine12345", validCode: code === "000000" ? "111111" : "000000" },
          { token, lang: "en" },
        ),
        "Wrong code",
      );
      fail(
        await call("PUT", "/p/user/updatePassword", { newPassword: "weak", validCode: code }, { token, lang: "en" }),
        "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
      );
      const fresh = okData(
        await call<TokenInfo>(
          "PUT",
          "/p/user/updatePassword",
          { newPassword: "Mine12345", validCode: code },
          { token },
        ),
      );
      expect((await call("GET", "/p/user/userInfo", undefined, { token })).body.code).toBe("A00004");
      expect(
        okData(
          await call<{ isSetPassword: boolean }>("GET", "/p/user/centerInfo", undefined, { token: fresh.accessToken }),
        ).isSetPassword,
      ).toBe(true);
      await login(mobile, "Mine12345");
    });
  });
});
