/** Site config, switches, terms, exchange rate. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type {
  ExchangeRateAnswer,
  PaySwitch,
  PcWebConfig,
  ServiceSwitch,
  TermsInfo,
} from "../../../src/lib/api-types.ts";
import { siteConfig } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const PC_FIELDS = [
  "pcLogoImgText",
  "pcLogoImg",
  "pcTitleImg",
  "pcQrcodeImg",
  "pcLoginBgImg",
  "pcTitleContentCn",
  "pcTitleContentTw",
  "pcTitleContentEn",
  "pcWelcomeCn",
  "pcWelcomeTw",
  "pcWelcomeEn",
  "pcCompanyNameCn",
  "pcCompanyNameTw",
  "pcCompanyNameEn",
  "pcCompanyInfoCn",
  "pcCompanyInfoTw",
  "pcCompanyInfoEn",
  "pcCopyrightCn",
  "pcCopyrightTw",
  "pcCopyrightEn",
];

describe.skipIf(!dbReady)("site config API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function configValue(key: string): Promise<unknown> {
    const [row] = await app.ctx.db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key));
    return row?.value;
  }

  describe("GET /webConfig/getPcWebConfig", () => {
    it("answers every PC field from the seeded config", async () => {
      const cfg = okData(await app.get<PcWebConfig>("/api/webConfig/getPcWebConfig", "zh"));
      expect(Object.keys(cfg).sort()).toEqual([...PC_FIELDS].sort());
      const raw = (await configValue("PC_WEBSITE_CONFIG")) as Record<string, unknown>;
      for (const f of PC_FIELDS) if (typeof raw[f] === "string") expect(cfg[f as keyof PcWebConfig]).toBe(raw[f]);
      expect(cfg.pcTitleContentCn).not.toBe("");
      expect(cfg.pcTitleContentEn).not.toBe("");
      expect(cfg.pcCompanyInfoCn).toContain("\n");
    });

    it("accepts webConfigType and refuses a malformed one", async () => {
      expect((await app.get("/api/webConfig/getPcWebConfig?webConfigType=1", "zh")).body.success).toBe(true);
      const bad = await app.get("/api/webConfig/getPcWebConfig?webConfigType=%3Cscript%3E", "en");
      expect(bad.body).toMatchObject({ code: "A00001", success: false, msg: "Config type is not valid" });
    });
  });

  describe("switches", () => {
    it("GET /sys/config/info/getSysServiceSwitch", async () => {
      const data = okData(await app.get<ServiceSwitch>("/api/sys/config/info/getSysServiceSwitch"));
      expect(Object.keys(data).sort()).toEqual([
        "merchantRegisterProtocolSwitch",
        "privacyPolicySwitch",
        "serviceTermsSwitch",
        "shopProtocolSwitch",
      ]);
      for (const v of Object.values(data)) expect(typeof v).toBe("boolean");
      const raw = (await configValue("SERVICE_SWITCH")) as Record<string, unknown>;
      expect(data.serviceTermsSwitch).toBe(raw.serviceTermsSwitch === true);
    });

    it("GET /sys/config/info/getSysPaySwitch", async () => {
      const data = okData(await app.get<PaySwitch>("/api/sys/config/info/getSysPaySwitch"));
      expect(Object.keys(data).sort()).toEqual(["aliPaySwitch", "balancePaySwitch", "payPalSwitch", "wxPaySwitch"]);
      for (const v of Object.values(data)) expect(typeof v).toBe("boolean");
      const raw = (await configValue("PAY_SWITCH")) as Record<string, unknown>;
      expect(data.balancePaySwitch).toBe(raw.balancePaySwitch === true);
    });
  });

  describe("terms", () => {
    it("serviceTerms / servicePolicy answer sanitised HTML in the request language", async () => {
      const zh = okData(await app.get<string>("/api/sys/config/info/serviceTerms", "zh"));
      const tw = okData(await app.get<string>("/api/sys/config/info/serviceTerms", "zh-TW"));
      const en = okData(await app.get<string>("/api/sys/config/info/serviceTerms", "en"));
      for (const html of [zh, tw, en]) {
        expect(typeof html).toBe("string");
        expect(html.length).toBeGreaterThan(0);
        expect(html).not.toMatch(/<script/i);
      }
      expect(new Set([zh, tw, en]).size).toBe(3);
      const policy = okData(await app.get<string>("/api/sys/config/info/servicePolicy", "en"));
      expect(policy).not.toBe(en);
    });

    it("GET /sys/config/info/terms?sts= gives a localized title", async () => {
      const terms = okData(await app.get<TermsInfo>("/api/sys/config/info/terms?sts=0", "zh"));
      expect(terms.sts).toBe(0);
      expect(terms.title).toBe("服务条款");
      expect(terms.content).toBe(okData(await app.get<string>("/api/sys/config/info/serviceTerms", "zh")));
      const policy = okData(await app.get<TermsInfo>("/api/sys/config/info/terms?sts=1", "en"));
      expect(policy).toMatchObject({ sts: 1, title: "Privacy Policy" });
      expect(okData(await app.get<TermsInfo>("/api/sys/config/info/terms?sts=1", "zh-TW")).title).toBe("隱私政策");
    });

    it("bad sts → A00001 in the request language", async () => {
      const en = await app.get("/api/sys/config/info/terms?sts=2", "en");
      expect(en.body).toMatchObject({
        code: "A00001",
        success: false,
        data: null,
        msg: "Terms type is out of the allowed range",
      });
      const zh = await app.get("/api/sys/config/info/terms?sts=x", "zh");
      expect(zh.body).toMatchObject({ code: "A00001", msg: "条款类型格式不正确" });
      const missing = await app.get("/api/sys/config/info/terms", "zh");
      expect(missing.body).toMatchObject({ code: "A00001", msg: "条款类型不能为空" });
    });

    it("stored scripts never reach the client", async () => {
      await app.ctx.db
        .update(siteConfig)
        .set({
          value: {
            zh: '<p onclick="x()">条款</p><script>alert(1)</script><img src="javascript:alert(1)">',
            "zh-tw": "",
            en: "",
          },
        })
        .where(eq(siteConfig.key, "PRIVACY_POLICY"));
      const html = okData(await app.get<string>("/api/sys/config/info/servicePolicy", "en"));
      expect(html).toBe("<p>条款</p><img />");
    });
  });

  describe("GET /cyExchange", () => {
    it("answers code 200 with the configured rate", async () => {
      const res = await app.get<unknown>("/api/cyExchange");
      const body = res.body as unknown as ExchangeRateAnswer;
      expect(body).toEqual({ code: 200, msg: null, data: { rate: 21.99 }, success: true });
    });

    it("falls back to 21.99 when the config is missing, and follows a change", async () => {
      await app.ctx.db
        .update(siteConfig)
        .set({ value: { rate: "7.25" } })
        .where(eq(siteConfig.key, "EXCHANGE_RATE"));
      expect((await app.get<unknown>("/api/cyExchange")).body).toMatchObject({ data: { rate: 7.25 } });
      await app.ctx.db.delete(siteConfig).where(eq(siteConfig.key, "EXCHANGE_RATE"));
      expect((await app.get<unknown>("/api/cyExchange")).body).toMatchObject({ code: 200, data: { rate: 21.99 } });
    });
  });

  it("a missing PC config gives empty defaults, never a crash", async () => {
    await app.ctx.db.delete(siteConfig).where(eq(siteConfig.key, "PC_WEBSITE_CONFIG"));
    await app.ctx.db.delete(siteConfig).where(eq(siteConfig.key, "PAY_SWITCH"));
    const cfg = okData(await app.get<PcWebConfig>("/api/webConfig/getPcWebConfig", "zh"));
    expect(Object.keys(cfg).sort()).toEqual([...PC_FIELDS].sort());
    expect(cfg.pcLogoImg).toBe("");
    expect(okData(await app.get<PaySwitch>("/api/sys/config/info/getSysPaySwitch"))).toEqual({
      aliPaySwitch: false,
      wxPaySwitch: false,
      balancePaySwitch: false,
      payPalSwitch: false,
    });
  });
});
