import { describe, expect, it } from "vitest";
import { isMobile } from "../../../lib/account/account-rules.ts";
import { hashSmsCode, maskMobile, newSmsCode, normalizeMobile } from "./sms.ts";

describe("normalizeMobile", () => {
  it("stores mainland numbers as 11 digits", () => {
    for (const v of ["13800138000", "8613800138000", "+8613800138000", " 13800138000 "])
      expect(normalizeMobile(v)).toBe("13800138000");
  });
  it("stores Taiwan numbers in the local 09 form", () => {
    for (const v of ["0912345678", "886912345678", "+886912345678"]) expect(normalizeMobile(v)).toBe("0912345678");
  });
  it("refuses anything mobileRule refuses", () => {
    for (const v of ["", "12345", "12800138000", "1380013800", "138001380001", "0812345678", "88612345678", "abc"]) {
      expect(isMobile(v)).toBe(false);
      expect(normalizeMobile(v)).toBeNull();
    }
  });
  it("every number mobileRule accepts is normalised", () => {
    for (const v of ["15912345678", "+86 15912345678".replace(" ", ""), "0987654321"]) {
      expect(isMobile(v)).toBe(true);
      expect(normalizeMobile(v)).not.toBeNull();
    }
  });
});

describe("maskMobile", () => {
  it("keeps the first 3 and last 4 digits", () => {
    expect(maskMobile("13800138000")).toBe("138****8000");
    expect(maskMobile("0912345678")).toBe("091****5678");
    expect(maskMobile(null)).toBeNull();
    expect(maskMobile("")).toBeNull();
  });
});

describe("codes", () => {
  it("are 6 digits", () => {
    for (let i = 0; i < 200; i++) expect(newSmsCode()).toMatch(/^\d{6}$/);
  });
  it("hashes are bound to mobile and purpose", () => {
    const h = hashSmsCode("13800138000", "login", "123456");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toBe(hashSmsCode("13800138001", "login", "123456"));
    expect(h).not.toBe(hashSmsCode("13800138000", "register", "123456"));
    expect(h).not.toBe(hashSmsCode("13800138000", "login", "123457"));
  });
});
