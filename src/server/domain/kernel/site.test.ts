import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXCHANGE_RATE,
  PC_WEB_CONFIG_FIELDS,
  normalizeExchangeRate,
  normalizePaySwitch,
  normalizePcWebConfig,
  normalizeServiceSwitch,
  pcWebTexts,
  pickLocalizedHtml,
  termsKeyOf,
} from "./site.ts";

describe("normalizePcWebConfig", () => {
  it("fills every field with a string when the config is missing", () => {
    for (const raw of [undefined, null, "x", 3, [], {}]) {
      const cfg = normalizePcWebConfig(raw);
      expect(Object.keys(cfg).sort()).toEqual([...PC_WEB_CONFIG_FIELDS].sort());
      for (const f of PC_WEB_CONFIG_FIELDS) expect(cfg[f]).toBe("");
    }
  });

  it("keeps string values and drops unknown or non-string ones", () => {
    const cfg = normalizePcWebConfig({ pcLogoImg: "/a.png", pcWelcomeEn: "Hi", pcCopyrightCn: { x: 1 }, secret: "no" });
    expect(cfg.pcLogoImg).toBe("/a.png");
    expect(cfg.pcWelcomeEn).toBe("Hi");
    expect(cfg.pcCopyrightCn).toBe("");
    expect("secret" in cfg).toBe(false);
  });
});

describe("pcWebTexts", () => {
  const cfg = normalizePcWebConfig({
    pcTitleContentCn: "商城",
    pcTitleContentTw: "商城繁",
    pcTitleContentEn: "Mall",
    pcWelcomeCn: "欢迎",
    pcWelcomeEn: "",
    pcCompanyInfoCn: "地址：广州\n电话：123\n\n",
    pcCompanyInfoEn: "Address: Guangzhou\r\nTel: 123",
  });

  it("picks the locale's field and splits company info into lines", () => {
    expect(pcWebTexts(cfg, "zh")).toMatchObject({
      title: "商城",
      welcome: "欢迎",
      companyInfoLines: ["地址：广州", "电话：123"],
    });
    expect(pcWebTexts(cfg, "zh-tw").title).toBe("商城繁");
    expect(pcWebTexts(cfg, "en")).toMatchObject({
      title: "Mall",
      companyInfoLines: ["Address: Guangzhou", "Tel: 123"],
    });
  });

  it("falls back to the Cn text when a translation is empty", () => {
    expect(pcWebTexts(cfg, "en").welcome).toBe("欢迎");
    expect(pcWebTexts(cfg, "zh-tw").companyInfoLines).toEqual(["地址：广州", "电话：123"]);
  });
});

describe("switches", () => {
  it("reads booleans and treats missing as off", () => {
    expect(
      normalizeServiceSwitch({ serviceTermsSwitch: true, privacyPolicySwitch: 1, shopProtocolSwitch: "true" }),
    ).toEqual({
      serviceTermsSwitch: true,
      privacyPolicySwitch: true,
      merchantRegisterProtocolSwitch: false,
      shopProtocolSwitch: true,
    });
    expect(normalizePaySwitch(undefined)).toEqual({
      aliPaySwitch: false,
      wxPaySwitch: false,
      balancePaySwitch: false,
      payPalSwitch: false,
    });
    expect(
      normalizePaySwitch({ aliPaySwitch: true, wxPaySwitch: "0", balancePaySwitch: true, payPalSwitch: false }),
    ).toEqual({
      aliPaySwitch: true,
      wxPaySwitch: false,
      balancePaySwitch: true,
      payPalSwitch: false,
    });
  });
});

describe("normalizeExchangeRate", () => {
  it("reads the configured rate", () => {
    expect(normalizeExchangeRate({ rate: "21.99" })).toBe(21.99);
    expect(normalizeExchangeRate({ rate: 7.1 })).toBe(7.1);
  });
  it("falls back to 21.99", () => {
    expect(DEFAULT_EXCHANGE_RATE).toBe(21.99);
    for (const raw of [undefined, null, {}, { rate: "" }, { rate: "abc" }, { rate: -1 }, { rate: 0 }])
      expect(normalizeExchangeRate(raw)).toBe(21.99);
  });
});

describe("terms", () => {
  it("maps sts to the config key", () => {
    expect(termsKeyOf(0)).toBe("SERVICE_TERMS");
    expect(termsKeyOf(1)).toBe("PRIVACY_POLICY");
  });
  it("picks the locale's HTML with fallback to zh", () => {
    const raw = { zh: "<p>条款</p>", "zh-tw": "<p>條款</p>", en: "" };
    expect(pickLocalizedHtml(raw, "zh-tw")).toBe("<p>條款</p>");
    expect(pickLocalizedHtml(raw, "en")).toBe("<p>条款</p>");
    expect(pickLocalizedHtml("<p>x</p>", "en")).toBe("<p>x</p>");
    expect(pickLocalizedHtml(undefined, "zh")).toBe("");
  });
});
