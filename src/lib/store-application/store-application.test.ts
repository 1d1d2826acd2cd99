import { describe, expect, it } from "vitest";
import {
  checkStoreAccount,
  checkStoreApplication,
  storeAddrError,
  storeDescError,
  storeNameError,
  storeNextStep,
} from "./store-application.ts";

const img = (n: number, folder = "identity") => `/uploads/${folder}/0000000${n}-0000-4000-8000-000000000000.png`;
const valid = {
  shopName: "Tea House 1",
  mobile: "13800138000",
  provinceId: "44",
  cityId: 4403,
  areaId: 440305,
  addr: "Keyuan Road 1",
  intro: "Fine teas from Hangzhou.",
  shopLogo: img(1, "store"),
  businessLicense: img(2),
  identityCardFront: img(3),
  identityCardLater: img(4),
  type: 2,
};

describe("store application form rules (SPEC §5)", () => {
  it("store name: required, at most 20 characters, no special characters", () => {
    expect(storeNameError("  ")).toBe("rules.storeNameRequired");
    expect(storeNameError("店".repeat(20))).toBeNull();
    expect(storeNameError("店".repeat(21))).toBe("rules.storeNameTooLong");
    expect(storeNameError("Tea & Co")).toBe("rules.storeNameChars");
    expect(storeNameError("茶馆@")).toBe("rules.storeNameChars");
    expect(storeNameError(" 好茶 Tea 2 ")).toBeNull();
  });

  it("description 10-200 characters; detailed address at least 5", () => {
    expect(storeDescError("123456789")).toBe("rules.storeDescLength");
    expect(storeDescError("1234567890")).toBeNull();
    expect(storeDescError("x".repeat(200))).toBeNull();
    expect(storeDescError("x".repeat(201))).toBe("rules.storeDescLength");
    expect(storeDescError("0123456789\u0007")).toBe("storeApplication.rules.controlChars");
    expect(storeAddrError(" abcd ")).toBe("rules.addressTooShort");
    expect(storeAddrError("abcde")).toBeNull();
    expect(storeAddrError("x".repeat(101))).toBe("rules.addressTooLong");
  });

  it("the shop logo is a public upload; the licence and the ID card are private ones (folder identity)", () => {
    expect(checkStoreApplication(valid).errors).toEqual({});
    expect(
      checkStoreApplication({
        ...valid,
        shopLogo: img(1),
        businessLicense: img(2, "store"),
        identityCardFront: img(3, "store"),
      }).errors,
    ).toEqual({
      shopLogo: "storeApplication.rules.logoRequired",
      businessLicense: "storeApplication.rules.licenseRequired",
      identityCardFront: "storeApplication.rules.cardFrontRequired",
    });
  });

  it("the whole form: trimmed values, numbers from digit strings; each field's first problem", () => {
    const ok = checkStoreApplication({ ...valid, shopName: " Tea House 1 " });
    expect(ok.errors).toEqual({});
    expect(ok.form).toMatchObject({ shopName: "Tea House 1", provinceId: 44, type: 2 });
    expect(checkStoreApplication({ ...valid, type: undefined }).form?.type).toBe(0);
    const bad = checkStoreApplication({
      ...valid,
      mobile: "123",
      areaId: 0,
      shopLogo: "/uploads/avatar/x.png",
      identityCardLater: "",
      type: 1,
      intro: 5,
    });
    expect(bad.form).toBeNull();
    expect(bad.errors).toEqual({
      mobile: "rules.mobileInvalid",
      areaId: "storeApplication.rules.areaRequired",
      shopLogo: "storeApplication.rules.logoRequired",
      identityCardLater: "storeApplication.rules.cardBackRequired",
      type: "storeApplication.rules.typeInvalid",
      intro: "rules.storeDescLength",
    });
    expect(checkStoreApplication({}).errors).toMatchObject({
      shopName: "rules.storeNameRequired",
      mobile: "rules.mobileRequired",
      addr: "rules.addressTooShort",
    });
  });

  it("store account: name, password 6-12 half-width, confirmation", () => {
    expect(checkStoreAccount({ username: "teashop", password: "abc123", confirmPassword: "abc123" }).errors).toEqual(
      {},
    );
    expect(checkStoreAccount({ username: "t", password: "abc12", confirmPassword: "" }).errors).toEqual({
      username: "storeApplication.rules.accountInvalid",
      password: "rules.storePasswordInvalid",
      confirmPassword: "rules.confirmPasswordRequired",
    });
    expect(
      checkStoreAccount({ username: "teashop", password: "abcdefghijklm", confirmPassword: "abcdefghijklm" }).errors
        .password,
    ).toBe("rules.storePasswordInvalid");
    expect(
      checkStoreAccount({ username: "teashop", password: "abc 123", confirmPassword: "abc 123" }).errors.password,
    ).toBe("rules.storePasswordInvalid");
    expect(
      checkStoreAccount({ username: "teashop", password: "abc123", confirmPassword: "abc124" }).errors.confirmPassword,
    ).toBe("rules.confirmPasswordMismatch");
  });

  it("next step from shopAuditStatus, shopStatus and the account", () => {
    expect(storeNextStep(null, null, false)).toBe("apply");
    expect(storeNextStep(0, null, false)).toBe("wait");
    expect(storeNextStep(-1, null, false)).toBe("resubmit");
    expect(storeNextStep(1, -1, false)).toBe("setAccount");
    expect(storeNextStep(1, -1, true)).toBe("notOpen");
    expect(storeNextStep(1, 1, true)).toBe("open");
    expect(storeNextStep(1, 2, true)).toBe("offline");
    expect(storeNextStep(1, 3, true)).toBe("suspended");
  });
});
