import { describe, expect, it } from "vitest";
import { rateValues } from "./rate.ts";
import { getT } from "../../i18n/index.ts";

describe("rateValues", () => {
  it("gives the rate as Chinese readers read it and the part taken off for English", () => {
    expect(rateValues("9")).toEqual({ rate: "9", off: "10" });
    expect(rateValues("8.5")).toEqual({ rate: "8.5", off: "15" });
    expect(rateValues(9.5)).toEqual({ rate: "9.5", off: "5" });
    expect(rateValues("8.80")).toEqual({ rate: "8.80", off: "12" });
    expect(rateValues("7.0")).toEqual({ rate: "7", off: "30" });
  });

  it("reads 9折 as 10% off in English and 9折 in Chinese", () => {
    expect(getT("en")("coupon.card.rate", rateValues("9"))).toBe("10% off");
    expect(getT("zh")("coupon.card.rate", rateValues("9"))).toBe("9折");
    expect(getT("zh-tw")("coupon.card.rate", rateValues("9"))).toBe("9折");
    expect(getT("en")("discount.rule3", { need: "2", ...rateValues("8.5") })).toBe("Buy 2, get 15% off");
    expect(getT("zh")("discount.rule3", { need: "2", ...rateValues("8.5") })).toBe("满2件打8.5折");
  });
});
