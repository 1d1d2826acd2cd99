import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
/** Accounts API: SMS codes, password / SMS login, registration, password reset, logout (docs/account.md). */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { rateLimits, sessions, siteConfig, smsCodes, users } from "../../../src/server/db/schema/index.ts";
import { checkSmsCode, sendSmsCode, SMS_LIMITS } from "../../../src/server/domain/account/sms.ts";
import { AuthError, secondsLeft, windowStart } from "../../../src/server/domain/kernel/rate-limit.ts";
import zhRulesJson from "../../../src/i18n/zh/rules.json" with { type: "json" };
import { LOGIN_LIMITS, loginWithPassword } from "../../../src/server/domain/account/auth.ts";
import { readOutboxCode, type SmsProvider, type SmsPurpose } from "../../../src/server/providers/sms.ts";
import { DEMO_USER, REVIEWER_PASSWORD } from "../../../src/server/seed/index.ts";
import { createTestApp, dbReady, okData, type TestApp, type TestResponse } from "../helpers.ts";

interface TokenInfo {
  accessToken: string;
  expiresIn: number;
}
const zhRules = zhRulesJson as Record<string, string>;

describe.skipIf(!dbReady)("accounts API", () => {
  let app: TestApp;
  let ipSeq = 0;
  /** Each test uses its own client IP so per-IP windows of one test do not spill into another. */
  let ip = "203.0.113.1";
  const nextIp = () => {
    ip = `203.0.113.${(++ipSeq % 250) + 1}`;
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
  const post = <T = unknown>(p: string, body?: unknown, opts?: { lang?: string; token?: string }) =>
    call<T>("POST", p, body, opts);
  const put = <T = unknown>(p: string, body?: unknown, opts?: { lang?: string; token?: string }) =>
    call<T>("PUT", p, body, opts);
  const userInfo = (token: string) =>
    app.request<{ userId: string; username: string; nickName: string; userMobile: string }>("/api/p/user/userInfo", {
      headers: { Authorization: token },
    });
  const outbox = () => path.join(app.ctx.config.dataDir, "sms-outbox.jsonl");
  const codeOf = async (mobile: string, purpose: SmsPurpose) => {
    const code = await readOutboxCode(outbox(), mobile, purpose);
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  };
  const counts = async () => ({
    users: (await app.ctx.db.select({ n: count() }).from(users))[0]!.n,
    sessions: (await app.ctx.db.select({ n: count() }).from(sessions))[0]!.n,
    sms: (await app.ctx.db.select({ n: count() }).from(smsCodes))[0]!.n,
  });
  const fail = (res: TestResponse<unknown>, msg: string | RegExp) => {
    expect(res.body.code).toBe("A00001");
    expect(res.body.success).toBe(false);
    if (typeof msg === "string") expect(res.body.msg).toBe(msg);
    else expect(res.body.msg).toMatch(msg);
  };
  let mobileSeq = 0;
  const freshMobile = () => `1590000${String(++mobileSeq).padStart(4, "0")}`;

  // -------------------------------------------------------------------------------------------
  describe("password login", () => {
    it("logs in by username and by mobile (with or without +86); the token opens /p/ paths", async () => {
      nextIp();
      for (const userName of [
        "demo",
        "DEMO",
        DEMO_USER.userMobile,
        `+86${DEMO_USER.userMobile}`,
        `86${DEMO_USER.userMobile}`,
      ]) {
        const t = okData(await post<TokenInfo>("/login", { userName, passWord: DEMO_USER.password }));
        expect(t.expiresIn).toBe(2_592_000);
        expect(t.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(okData(await userInfo(t.accessToken)).userId).toBe(DEMO_USER.userId);
      }
    });

    it("every login creates a new session and only its hash is stored", async () => {
      nextIp();
      const a = okData(await post<TokenInfo>("/login", { userName: "demo", passWord: DEMO_USER.password }));
      const b = okData(await post<TokenInfo>("/login", { userName: "demo", passWord: DEMO_USER.password }));
      expect(a.accessToken).not.toBe(b.accessToken);
      const stored = await app.ctx.db.select({ h: sessions.tokenHash }).from(sessions);
      expect(stored.some((r) => r.h === a.accessToken)).toBe(false);
      expect(okData(await userInfo(a.accessToken)).userId).toBe(DEMO_USER.userId);
    });

    it("wrong password and unknown account give the same message (zh, en), no session", async () => {
      nextIp();
      const before = await counts();
      fail(await post("/login", { userName: "demo", passWord: "Wrong1234" }), "账号或密码错误");
      fail(await post("/login", { userName: "nobody_here", passWord: "Wrong1234" }), "账号或密码错误");
      fail(
        await post("/login", { userName: "demo", passWord: "Wrong1234" }, { lang: "en" }),
        "Wrong account or password",
      );
      fail(await post("/login", { userName: "nobody_here", passWord: "x" }, { lang: "zh-TW" }), "帳號或密碼錯誤");
      expect((await counts()).sessions).toBe(before.sessions);
    });

    it("bad input → the SPEC §5 login messages, nothing stored", async () => {
      nextIp();
      const before = await counts();
      fail(await post("/login", { userName: "ab", passWord: "x" }), zhRules.usernameInvalid!);
      fail(await post("/login", { userName: "demo", passWord: "" }), zhRules.passwordRequired!);
      fail(
        await post("/login", { userName: "ab", passWord: "x" }, { lang: "en" }),
        "The account is 4~16 letters, digits or underscores",
      );
      fail(
        await post("/login", { userName: "bad name!", passWord: "x" }, { lang: "en" }),
        "The account is 4~16 letters, digits or underscores",
      );
      fail(await post("/login", { userName: "demo", passWord: "" }, { lang: "en" }), "Please enter the password");
      fail(await post("/login", { userName: "demo" }, { lang: "en" }), "Please enter the password");
      fail(
        await post("/login", { passWord: "x" }, { lang: "en" }),
        "The account is 4~16 letters, digits or underscores",
      );
      const bad = await app.request("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{oops",
      });
      expect(bad.body.code).toBe("A00001");
      expect(await counts()).toEqual(before);
      expect(
        (
          await app.ctx.db
            .select({ n: count() })
            .from(rateLimits)
            .where(sql`${rateLimits.key} like ${`login:ip:${ip}`}`)
        )[0]!.n,
      ).toBe(0);
    });

    it("a disabled account gets its own message after the right password", async () => {
      nextIp();
      await app.ctx.db.update(users).set({ status: 0 }).where(eq(users.username, "reviewer09"));
      fail(
        await post("/login", { userName: "reviewer09", passWord: REVIEWER_PASSWORD }, { lang: "en" }),
        "This account has been disabled, please contact customer service",
      );
      fail(
        await post("/login", { userName: "reviewer09", passWord: "Nope12345" }, { lang: "en" }),
        "Wrong account or password",
      );
      await app.ctx.db.update(users).set({ status: 1 }).where(eq(users.username, "reviewer09"));
    });

    it("failures count per account (name in any case and its mobile alike), per IP: an attacker's IP is stopped, not the buyer", async () => {
      const attacker = nextIp();
      // all ten failures in one fixed window
      if (secondsLeft(new Date(), LOGIN_LIMITS.perAccountIp.seconds) < 20)
        await new Promise((r) => setTimeout(r, 21_000));
      const names = ["reviewer01", "REVIEWER01", "Reviewer01", "13900000001", "+8613900000001"];
      for (let i = 0; i < 10; i++)
        fail(
          await post("/login", { userName: names[i % names.length], passWord: `Wrong${i}xyz` }, { lang: "en" }),
          "Wrong account or password",
        );
      // the 11th try from that IP is refused, even with the right password, whichever identifier
      fail(
        await post("/login", { userName: "reviewer01", passWord: REVIEWER_PASSWORD }, { lang: "en" }),
        /^Too many attempts, please try again in (1 minute|\d+ minutes)$/,
      );
      fail(
        await post("/login", { userName: "13900000001", passWord: REVIEWER_PASSWORD }),
        /^尝试次数过多，请 \d+ 分钟后再试$/,
      );
      // the buyer, from another IP, logs in; another account from the attacker's IP, too
      nextIp();
      okData(await post("/login", { userName: "reviewer01", passWord: REVIEWER_PASSWORD }));
      ip = attacker;
      okData(await post("/login", { userName: "reviewer02", passWord: REVIEWER_PASSWORD }));
    });

    it("100 failures of one account from many IPs stop password logins everywhere; SMS login unlocks (documented)", async () => {
      nextIp();
      const seconds = LOGIN_LIMITS.perAccount.seconds;
      if (secondsLeft(new Date(), seconds) < 5) await new Promise((r) => setTimeout(r, 6000));
      const [u] = await app.ctx.db.select().from(users).where(eq(users.username, "reviewer05"));
      // 99 failures already counted from other IPs (a loop of 99 scrypt checks would be slow)
      await app.ctx.db
        .insert(rateLimits)
        .values({ key: `login:acct:user:${u!.userId}`, windowStart: windowStart(new Date(), seconds), count: 99 });
      fail(
        await post("/login", { userName: "reviewer05", passWord: "Wrong1234" }, { lang: "en" }),
        "Wrong account or password",
      );
      nextIp();
      fail(
        await post("/login", { userName: "REVIEWER05", passWord: REVIEWER_PASSWORD }, { lang: "en" }),
        /^Too many attempts/,
      );
      // SMS login proves the mobile and clears the account's counts
      okData(await post("/sms/sendLoginCode", { mobile: u!.userMobile }));
      okData(
        await post<TokenInfo>("/smsLogin", {
          userName: u!.userMobile,
          passWord: await codeOf(u!.userMobile!, "login"),
        }),
      );
      okData(await post("/login", { userName: "reviewer05", passWord: REVIEWER_PASSWORD }));
    });

    it("50 failures per IP in 15 minutes lock that IP (successes do not count)", async () => {
      nextIp();
      // 49 failures already counted in the current window (a loop of 49 scrypt checks would be slow).
      const seconds = LOGIN_LIMITS.perIp.seconds;
      if (secondsLeft(new Date(), seconds) < 5) await new Promise((r) => setTimeout(r, 6000));
      await app.ctx.db
        .insert(rateLimits)
        .values({ key: `login:ip:${ip}`, windowStart: windowStart(new Date(), seconds), count: 49 });
      okData(await post("/login", { userName: "reviewer03", passWord: REVIEWER_PASSWORD }));
      fail(
        await post("/login", { userName: "ghost_one", passWord: "Wrong1234" }, { lang: "en" }),
        "Wrong account or password",
      );
      fail(
        await post("/login", { userName: "reviewer03", passWord: REVIEWER_PASSWORD }, { lang: "en" }),
        /^Too many attempts, please try again in (1 minute|\d+ minutes)$/,
      );
      fail(
        await post("/login", { userName: "ghost_two", passWord: "Wrong1234" }, { lang: "en" }),
        /^Too many attempts/,
      );
      nextIp();
      okData(await post("/login", { userName: "reviewer03", passWord: REVIEWER_PASSWORD }));
    });

    it("domain: the windows are configurable", async () => {
      const limits = {
        perAccountIp: { limit: 2, seconds: 60 },
        perIp: { limit: 100, seconds: 60 },
        perAccount: { limit: 100, seconds: 60 },
      };
      const now = new Date(Date.UTC(2032, 0, 1, 0, 0, 10));
      const tryLogin = (passWord: string, at: Date) =>
        loginWithPassword(app.ctx.db, { userName: "reviewer06", passWord, ip: "198.51.100.9", now: at }, limits).then(
          () => "ok",
          (e: AuthError) => e.key,
        );
      expect(await tryLogin("Wrong1234", now)).toBe("account.wrongCredentials");
      expect(await tryLogin("Wrong1234", now)).toBe("account.wrongCredentials");
      expect(await tryLogin(REVIEWER_PASSWORD, now)).toBe("account.tooManyLogins");
      expect(await tryLogin(REVIEWER_PASSWORD, new Date(now.getTime() + 60_000))).toBe("ok");
    });
  });

  // -------------------------------------------------------------------------------------------
  describe("SMS codes and SMS login", () => {
    it("refuses a bad mobile with the rule's message and stores nothing", async () => {
      nextIp();
      const before = await counts();
      fail(await post("/sms/sendLoginCode", { mobile: "12345" }), zhRules.mobileInvalid!);
      fail(await post("/sms/sendLoginCode", { mobile: "12345" }, { lang: "en" }), "Please enter a valid mobile number");
      fail(await post("/sms/sendLoginCode", { mobile: "" }, { lang: "en" }), "Please enter the mobile number");
      fail(await post("/sms/sendLoginCode", {}, { lang: "en" }), "Please enter the mobile number");
      fail(await post("/smsLogin", { userName: "13800138000", passWord: "" }, { lang: "en" }), "Please enter the code");
      fail(
        await post("/smsLogin", { userName: "13800138000", passWord: "12ab" }, { lang: "en" }),
        "The code is 6 digits",
      );
      expect(await counts()).toEqual(before);
    });

    it("sends a code to the dev outbox; SMS login with it creates the account on first use", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendLoginCode", { mobile: `+86${mobile}` }));
      const code = await codeOf(mobile, "login"); // stored under the normalised number
      const [row] = await app.ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
      expect(row!.codeHash).not.toContain(code);
      const before = await counts();
      const t = okData(await post<TokenInfo>("/smsLogin", { userName: mobile, passWord: code }));
      const info = okData(await userInfo(t.accessToken));
      expect(info.username).toMatch(new RegExp(`^u${mobile.slice(-4)}_[a-z0-9]{6}$`));
      expect(info.nickName).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
      expect(info.userMobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
      const center = okData(
        await app.request<{ isSetPassword: boolean }>("/api/p/user/centerInfo", {
          headers: { Authorization: t.accessToken },
        }),
      );
      expect(center.isSetPassword).toBe(false);
      expect((await counts()).users).toBe(before.users + 1);
      // Single use: the same code again is refused.
      fail(
        await post("/smsLogin", { userName: mobile, passWord: code }, { lang: "en" }),
        "The code is invalid or has expired, please get a new code",
      );
    });

    it("an existing mobile logs into its account; a Taiwan number works too", async () => {
      nextIp();
      okData(await post("/sms/sendLoginCode", { mobile: DEMO_USER.userMobile }));
      const t = okData(
        await post<TokenInfo>("/smsLogin", {
          userName: DEMO_USER.userMobile,
          passWord: await codeOf(DEMO_USER.userMobile, "login"),
        }),
      );
      expect(okData(await userInfo(t.accessToken)).userId).toBe(DEMO_USER.userId);
      okData(await post("/sms/sendLoginCode", { mobile: "+886912345678" }));
      const tw = okData(
        await post<TokenInfo>("/smsLogin", { userName: "0912345678", passWord: await codeOf("0912345678", "login") }),
      );
      expect(okData(await userInfo(tw.accessToken)).userMobile).toBe("091****5678");
    });

    it("a second code within 60 s is refused with the seconds to wait", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendLoginCode", { mobile }));
      const before = await counts();
      fail(
        await post("/sms/sendLoginCode", { mobile }, { lang: "en" }),
        /^A code was just sent, please wait (60|59|58) seconds before asking again$/,
      );
      fail(await post("/sms/sendRegisterCode", { mobile }), /^验证码已发送，请 \d+ 秒后再获取$/);
      expect(await counts()).toEqual(before);
    });

    it("an expired code is refused", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendLoginCode", { mobile }));
      const code = await codeOf(mobile, "login");
      await app.ctx.db
        .update(smsCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(smsCodes.mobile, mobile));
      const before = await counts();
      fail(
        await post("/smsLogin", { userName: mobile, passWord: code }, { lang: "en" }),
        "The code is invalid or has expired, please get a new code",
      );
      expect(await counts()).toEqual(before);
    });

    it("5 wrong tries kill the code; then even the right code is refused", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendLoginCode", { mobile }));
      const code = await codeOf(mobile, "login");
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 4; i++)
        fail(await post("/smsLogin", { userName: mobile, passWord: wrong }, { lang: "en" }), "Wrong code");
      fail(
        await post("/smsLogin", { userName: mobile, passWord: wrong }, { lang: "en" }),
        "Too many wrong attempts, please get a new code",
      );
      fail(
        await post("/smsLogin", { userName: mobile, passWord: code }, { lang: "en" }),
        "Too many wrong attempts, please get a new code",
      );
      expect(await app.ctx.db.select().from(users).where(eq(users.userMobile, mobile))).toHaveLength(0);
    });

    it("a code is bound to its purpose and mobile", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendRegisterCode", { mobile }));
      const code = await codeOf(mobile, "register");
      fail(
        await post("/smsLogin", { userName: mobile, passWord: code }, { lang: "en" }),
        "The code is invalid or has expired, please get a new code",
      );
      fail(
        await post("/smsLogin", { userName: freshMobile(), passWord: code }, { lang: "en" }),
        "The code is invalid or has expired, please get a new code",
      );
    });

    it("domain clock: 5-minute expiry, 60 s resend, 10 per mobile per day, 30 per IP per day", async () => {
      const sent: { mobile: string; code: string }[] = [];
      const provider: SmsProvider = {
        send: async (mobile, code) => {
          sent.push({ mobile, code });
        },
        sendNotice: async () => {},
      };
      const db = app.ctx.db;
      const t0 = new Date(Date.UTC(2031, 0, 1, 1, 0, 0));
      const at = (s: number) => new Date(t0.getTime() + s * 1000);
      const reason = async (p: Promise<unknown>) => {
        try {
          await p;
          return null;
        } catch (e) {
          return e instanceof AuthError ? { key: e.key, params: e.params } : String(e);
        }
      };
      const mobile = "13700000001";
      await sendSmsCode(db, provider, { mobile, purpose: "login", ip: "198.51.100.1", locale: "zh", now: t0 });
      expect(
        await reason(
          sendSmsCode(db, provider, { mobile, purpose: "login", ip: "198.51.100.1", locale: "zh", now: at(30) }),
        ),
      ).toEqual({ key: "account.smsWait", params: { count: 30 } });
      const code = sent.at(-1)!.code;
      expect(await reason(checkSmsCode(db, mobile, "login", code, at(SMS_LIMITS.codeTtlSeconds)))).toEqual({
        key: "account.smsCodeExpired",
        params: {},
      });
      expect(typeof (await checkSmsCode(db, mobile, "login", code, at(SMS_LIMITS.codeTtlSeconds - 1)))).toBe("number");
      for (let i = 1; i < 10; i++)
        await sendSmsCode(db, provider, {
          mobile,
          purpose: "login",
          ip: "198.51.100.1",
          locale: "zh",
          now: at(61 * i),
        });
      expect(
        await reason(
          sendSmsCode(db, provider, { mobile, purpose: "login", ip: "198.51.100.1", locale: "zh", now: at(61 * 10) }),
        ),
      ).toEqual({ key: "account.smsMobileDailyLimit", params: { max: 10 } });
      // The next UTC day opens a new window.
      await sendSmsCode(db, provider, { mobile, purpose: "login", ip: "198.51.100.1", locale: "zh", now: at(86_400) });
      // Per IP: 30 per day over different mobiles (10 already used by the IP above today).
      for (let i = 0; i < 20; i++)
        await sendSmsCode(db, provider, {
          mobile: `1370000${String(100 + i).padStart(4, "0")}`,
          purpose: "login",
          ip: "198.51.100.1",
          locale: "zh",
          now: at(5),
        });
      expect(
        await reason(
          sendSmsCode(db, provider, {
            mobile: "13700009999",
            purpose: "login",
            ip: "198.51.100.1",
            locale: "zh",
            now: at(5),
          }),
        ),
      ).toEqual({ key: "account.smsIpDailyLimit", params: {} });
      // Refused for its IP, ten times, for a victim's mobile: none of them counts against the
      // mobile, whose ten codes of the day are still there for a request from elsewhere.
      const victim = "13700008888";
      for (let i = 0; i < 10; i++)
        expect(
          await reason(
            sendSmsCode(db, provider, {
              mobile: victim,
              purpose: "login",
              ip: "198.51.100.1",
              locale: "zh",
              now: at(5),
            }),
          ),
        ).toEqual({ key: "account.smsIpDailyLimit", params: {} });
      for (let i = 0; i < 10; i++)
        await sendSmsCode(db, provider, {
          mobile: victim,
          purpose: i % 2 ? "login" : "reset",
          ip: "198.51.100.2",
          locale: "zh",
          now: at(5 + 61 * i),
        });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe("registration", () => {
    const valid = (mobile: string, extra: Record<string, unknown> = {}) => ({
      userName: `new_${mobile.slice(-6)}`,
      password: "Abc12345",
      confirmPassword: "Abc12345",
      mobile,
      validCode: "123456",
      agreed: true,
      ...extra,
    });

    it("a registered mobile gets the same answer as a new one (a notice instead of a code): nothing confirms the account", async () => {
      nextIp();
      const fresh = freshMobile();
      const registered = freshMobile();
      await app.ctx.db.insert(users).values({
        userId: randomUUID(),
        username: `reg_${registered.slice(-8)}`,
        nickName: "registered",
        userMobile: registered,
      });
      const a = await post("/sms/sendRegisterCode", { mobile: registered }, { lang: "en" });
      const b = await post("/sms/sendRegisterCode", { mobile: fresh }, { lang: "en" });
      expect(a.body).toEqual(b.body);
      expect(a.body.code).toBe("00000");
      const lines = (await fs.readFile(outbox(), "utf8"))
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { mobile: string; purpose: string; notice?: string });
      expect(lines.filter((l) => l.mobile === registered).at(-1)).toMatchObject({
        purpose: "notice",
        notice: "account-exists",
      });
      expect(await readOutboxCode(outbox(), registered, "register")).toBeNull();
      // the cooldown is the same for both
      const again = [
        await post("/sms/sendRegisterCode", { mobile: registered }, { lang: "en" }),
        await post("/sms/sendRegisterCode", { mobile: fresh }, { lang: "en" }),
      ];
      expect(again[0]!.body.msg).toMatch(/please wait (1 second|\d+ seconds)/);
      expect(again[1]!.body.msg).toBe(again[0]!.body.msg);
      // registering the registered mobile fails like any wrong code
      fail(
        await post(
          "/user/register",
          { userName: "someone_new", password: "Abc12345", mobile: registered, validCode: "123456", agreed: true },
          { lang: "en" },
        ),
        /^Wrong code|invalid or has expired/,
      );
    });

    it("registrations are rate-limited per IP (20 per hour)", async () => {
      nextIp();
      for (let i = 0; i < 20; i++)
        fail(
          await post(
            "/user/register",
            { userName: "demo", password: "Abc12345", mobile: freshMobile(), validCode: "123456", agreed: true },
            { lang: "en" },
          ),
          "This account name is already taken",
        );
      fail(
        await post(
          "/user/register",
          { userName: "demo", password: "Abc12345", mobile: freshMobile(), validCode: "123456", agreed: true },
          { lang: "en" },
        ),
        /^Too many requests, please try again in (1 minute|\d+ minutes)$/,
      );
    });

    it("every SPEC §5 rule: translated message (zh, en), nothing stored", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendRegisterCode", { mobile }));
      const code = await codeOf(mobile, "register");
      const before = await counts();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ userName: "abc" }, "en", "The account is 4~16 letters, digits or underscores"],
        [{ userName: "a".repeat(17) }, "en", "The account is 4~16 letters, digits or underscores"],
        [{ userName: "bad-name" }, "en", "The account is 4~16 letters, digits or underscores"],
        [{ password: "" }, "en", "Please enter the password"],
        [
          { password: "abcdef", confirmPassword: "abcdef" },
          "en",
          "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
        ],
        [
          { password: "123456", confirmPassword: "123456" },
          "en",
          "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
        ],
        [
          { password: "Ab1", confirmPassword: "Ab1" },
          "en",
          "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
        ],
        [
          { password: "Ab12345678901234567890", confirmPassword: "Ab12345678901234567890" },
          "en",
          "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
        ],
        [
          { password: "Ａｂ１２３４５６", confirmPassword: "Ａｂ１２３４５６" },
          "en",
          "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
        ],
        [{ confirmPassword: "Abc123456" }, "en", "The two passwords do not match"],
        [{ confirmPassword: "" }, "en", "Please enter the password again"],
        [{ mobile: "1234567" }, "en", "Please enter a valid mobile number"],
        [{ mobile: "" }, "en", "Please enter the mobile number"],
        [{ validCode: "" }, "en", "Please enter the code"],
        [{ validCode: "12345" }, "en", "The code is 6 digits"],
        [{ agreed: false }, "en", "Please agree to the terms below"],
        [{ agreed: undefined }, "en", "Please agree to the terms below"],
        [{ userName: "demo" }, "en", "This account name is already taken"],
        [{ userName: "DeMo" }, "en", "This account name is already taken"],
        [{ userName: "13912345678" }, "en", "The account name cannot be a mobile number"],
      ];
      for (const [patch, lang, msg] of cases)
        fail(await post("/user/register", valid(mobile, { validCode: code, ...patch }), { lang }), msg);
      fail(await post("/user/register", valid(mobile, { validCode: code, userName: "abc" })), zhRules.usernameInvalid!);
      fail(
        await post("/user/register", valid(mobile, { validCode: code, password: "abcdef", confirmPassword: "abcdef" })),
        zhRules.passwordInvalid!,
      );
      fail(await post("/user/register", valid(mobile, { validCode: code, password: "" })), zhRules.passwordRequired!);
      expect(await counts()).toEqual(before);
      // The code was not used up by any of these: registration still works with it.
      const t = okData(await post<TokenInfo>("/user/register", valid(mobile, { validCode: code })));
      expect(okData(await userInfo(t.accessToken)).username).toBe(`new_${mobile.slice(-6)}`);
    });

    it("register → auto-login token works; the new account can log in by password; mobile and code are single use", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendRegisterCode", { mobile }));
      const code = await codeOf(mobile, "register");
      const before = await counts();
      const t = okData(
        await post<TokenInfo>("/user/register", {
          userName: "Fresh_User1",
          password: "Abc12345",
          mobile,
          validCode: code,
          agreed: true,
        }),
      );
      expect(t.expiresIn).toBe(2_592_000);
      const info = okData(await userInfo(t.accessToken));
      expect(info.username).toBe("Fresh_User1");
      const after = await counts();
      expect(after.users).toBe(before.users + 1);
      expect(after.sessions).toBe(before.sessions + 1);
      okData(await post("/login", { userName: "fresh_user1", passWord: "Abc12345" }));
      fail(
        await post("/login", { userName: "fresh_user1", passWord: "abc12345" }, { lang: "en" }),
        "Wrong account or password",
      );
      fail(
        await post(
          "/user/register",
          { userName: "Fresh_User2", password: "Abc12345", mobile, validCode: code, agreed: true },
          { lang: "en" },
        ),
        "The code is invalid or has expired, please get a new code",
      );
    });

    it("a wrong register code is refused and nothing is created", async () => {
      nextIp();
      const mobile = freshMobile();
      okData(await post("/sms/sendRegisterCode", { mobile }));
      const code = await codeOf(mobile, "register");
      const before = await counts();
      fail(
        await post(
          "/user/register",
          {
            userName: "wrong_code",
            password: "Abc12345",
            mobile,
            validCode: code === "999999" ? "000000" : "999999",
            agreed: true,
          },
          { lang: "en" },
        ),
        "Wrong code",
      );
      expect((await counts()).users).toBe(before.users);
      expect((await counts()).sessions).toBe(before.sessions);
    });

    it("with both terms switches off, agreed is not required", async () => {
      nextIp();
      const [prev] = await app.ctx.db.select().from(siteConfig).where(eq(siteConfig.key, "SERVICE_SWITCH"));
      await app.ctx.db
        .update(siteConfig)
        .set({ value: { serviceTermsSwitch: false, privacyPolicySwitch: false } })
        .where(eq(siteConfig.key, "SERVICE_SWITCH"));
      try {
        const mobile = freshMobile();
        okData(await post("/sms/sendRegisterCode", { mobile }));
        okData(
          await post("/user/register", {
            userName: "no_terms",
            password: "Abc12345",
            mobile,
            validCode: await codeOf(mobile, "register"),
          }),
        );
      } finally {
        await app.ctx.db.update(siteConfig).set({ value: prev!.value }).where(eq(siteConfig.key, "SERVICE_SWITCH"));
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe("forgotten password", () => {
    it("an unknown mobile gets the same answer as a registered one (a notice, no code); its reset check fails like a wrong code", async () => {
      nextIp();
      const unknown = await post("/sms/sendUpdatePwdCode", { mobile: "13600000000" }, { lang: "en" });
      expect(unknown.body.code).toBe("00000");
      expect(await readOutboxCode(outbox(), "13600000000", "reset")).toBeNull();
      fail(
        await put("/user/checkUpdatePwdSms", { mobile: "13600000000", validCode: "123456" }, { lang: "en" }),
        /^Wrong code|invalid or has expired/,
      );
    });

    it("code → one-time flag → new password; every session of the user is revoked", async () => {
      nextIp();
      const mobile = "13900000004"; // reviewer04
      const t1 = okData(await post<TokenInfo>("/login", { userName: "reviewer04", passWord: REVIEWER_PASSWORD }));
      const t2 = okData(await post<TokenInfo>("/login", { userName: mobile, passWord: REVIEWER_PASSWORD }));
      okData(await post("/sms/sendUpdatePwdCode", { mobile }));
      const code = await codeOf(mobile, "reset");
      fail(await put("/user/checkUpdatePwdSms", { mobile, validCode: "" }, { lang: "en" }), "Please enter the code");
      const flag = okData(await put<string>("/user/checkUpdatePwdSms", { mobile, validCode: code }));
      expect(typeof flag).toBe("string");
      expect(flag.length).toBeGreaterThan(20);
      // The code is used up.
      fail(
        await put("/user/checkUpdatePwdSms", { mobile, validCode: code }, { lang: "en" }),
        "The code is invalid or has expired, please get a new code",
      );
      // Rules first: nothing changes.
      fail(
        await put("/user/updatePwd", { mobile, password: "short", checkRegisterSmsFlag: flag }, { lang: "en" }),
        "The password is 6~20 half-width characters with at least two of letters, digits and symbols (case-sensitive)",
      );
      fail(
        await put(
          "/user/updatePwd",
          { mobile, password: "New12345", confirmPassword: "New123456", checkRegisterSmsFlag: flag },
          { lang: "en" },
        ),
        "The two passwords do not match",
      );
      fail(
        await put("/user/updatePwd", { mobile, password: "New12345", checkRegisterSmsFlag: "forged" }, { lang: "en" }),
        "The verification has expired, please get a new code",
      );
      okData(await userInfo(t1.accessToken));
      okData(
        await put("/user/updatePwd", {
          mobile,
          password: "New12345",
          confirmPassword: "New12345",
          checkRegisterSmsFlag: flag,
        }),
      );
      expect((await userInfo(t1.accessToken)).body.code).toBe("A00004");
      expect((await userInfo(t2.accessToken)).body.code).toBe("A00004");
      fail(
        await post("/login", { userName: "reviewer04", passWord: REVIEWER_PASSWORD }, { lang: "en" }),
        "Wrong account or password",
      );
      okData(await post("/login", { userName: "reviewer04", passWord: "New12345" }));
      // The flag is single use.
      fail(
        await put("/user/updatePwd", { mobile, password: "Other12345", checkRegisterSmsFlag: flag }, { lang: "en" }),
        "The verification has expired, please get a new code",
      );
    });
  });

  // -------------------------------------------------------------------------------------------
  describe("logout", () => {
    it("revokes the token; always answers success", async () => {
      nextIp();
      const t = okData(await post<TokenInfo>("/login", { userName: "reviewer05", passWord: REVIEWER_PASSWORD }));
      const other = okData(await post<TokenInfo>("/login", { userName: "reviewer05", passWord: REVIEWER_PASSWORD }));
      okData(await userInfo(t.accessToken));
      expect((await post("/logOut", undefined, { token: t.accessToken })).body).toEqual({
        code: "00000",
        msg: null,
        data: null,
        success: true,
      });
      expect((await userInfo(t.accessToken)).body.code).toBe("A00004");
      okData(await userInfo(other.accessToken));
      okData(await post("/logOut", undefined, { token: t.accessToken }));
      okData(await post("/logOut"));
      okData(await post("/logOut", undefined, { token: "garbage" }));
    });
  });
});
