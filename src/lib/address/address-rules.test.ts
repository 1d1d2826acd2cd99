import { describe, expect, it } from "vitest";
import { addressFormRule as plainAddressFormRule } from "./address-rules.ts";
import { addAddressRule, addressFormRule as apiAddressFormRule, updateAddressRule } from "../rule-schemas.ts";
import { ruleError, ruleErrors } from "../rule-kit.ts";

const valid = {
  receiver: " 张三 ",
  mobile: " 13800138000 ",
  provinceId: 44,
  cityId: "4403",
  areaId: 440305,
  addr: " 科技园南区一号楼 ",
  postCode: "518000",
};

// The form rule as the browser form runs it (plain rule) and as the API runs it (zod schema).
describe.each([
  ["browser rule", plainAddressFormRule],
  ["API schema", apiAddressFormRule],
] as const)("address form rule (%s)", (_, addressFormRule) => {
  it("accepts a valid form, trims texts and turns digit strings into numbers", () => {
    expect(addressFormRule.parse(valid)).toEqual({
      receiver: "张三",
      mobile: "13800138000",
      provinceId: 44,
      cityId: 4403,
      areaId: 440305,
      addr: "科技园南区一号楼",
      postCode: "518000",
    });
    expect(addressFormRule.parse({ ...valid, postCode: "" }).postCode).toBeUndefined();
    expect(addressFormRule.parse({ ...valid, postCode: null }).postCode).toBeUndefined();
    expect(addressFormRule.parse({ ...valid, mobile: "0912345678" }).mobile).toBe("0912345678");
  });

  it.each([
    [{ receiver: "" }, "receiver", "address.receiverRequired"],
    [{ receiver: "   " }, "receiver", "address.receiverRequired"],
    [{ receiver: undefined }, "receiver", "address.receiverRequired"],
    [{ receiver: "名".repeat(21) }, "receiver", "address.receiverTooLong"],
    [{ mobile: "" }, "mobile", "rules.mobileRequired"],
    [{ mobile: "1380013800" }, "mobile", "rules.mobileInvalid"],
    [{ provinceId: undefined }, "provinceId", "address.provinceRequired"],
    [{ provinceId: 0 }, "provinceId", "address.provinceRequired"],
    [{ cityId: 1.5 }, "cityId", "address.cityRequired"],
    [{ areaId: "x" }, "areaId", "address.areaRequired"],
    [{ addr: "1234" }, "addr", "rules.addressTooShort"],
    [{ addr: "a".repeat(101) }, "addr", "rules.addressTooLong"],
    [{ postCode: "12345" }, "postCode", "address.postCodeInvalid"],
    [{ postCode: "12345a" }, "postCode", "address.postCodeInvalid"],
    [{ postCode: 518000 }, "postCode", "address.postCodeInvalid"],
  ])("%j → %s: %s", (over, field, key) => {
    expect(ruleErrors(addressFormRule, { ...valid, ...over })[field]).toBe(key);
  });
});

describe("address id (API)", () => {
  it("addrId: absent / 0 on add; required on update", () => {
    expect(ruleError(addAddressRule, valid)).toBeNull();
    expect(ruleError(addAddressRule, { ...valid, addrId: 0 })).toBeNull();
    expect(ruleError(addAddressRule, { ...valid, addrId: null })).toBeNull();
    expect(ruleError(addAddressRule, { ...valid, addrId: 3 })).toBe("address.addrIdNotAllowed");
    expect(ruleError(updateAddressRule, valid)).toBe("address.notFound");
    expect(updateAddressRule.parse({ ...valid, addrId: "12" }).addrId).toBe(12);
  });
});

describe("address form without a post code (API)", () => {
  it("an absent or null post code is fine", () => {
    const form = {
      receiver: "Payer",
      mobile: "13912345678",
      provinceId: 44,
      cityId: 4403,
      areaId: 440305,
      addr: "Keyuan Road 100, Nanshan",
    };
    expect(addAddressRule.safeParse(form).success).toBe(true);
    expect(addAddressRule.safeParse({ ...form, postCode: null }).success).toBe(true);
    expect(updateAddressRule.parse({ ...form, addrId: 3 })).toEqual({ ...form, addrId: 3 });
  });
});
