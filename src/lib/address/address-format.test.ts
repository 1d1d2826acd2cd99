import { describe, expect, it } from "vitest";
import { formatAddress } from "./address-format.ts";

const shenzhen = { province: "广东省", cityId: 4403, city: "深圳市", area: "南山区", addr: "科技园路 1 号" };
const shenzhenEn = {
  province: "Guangdong",
  cityId: 4403,
  city: "Shenzhen",
  area: "Nanshan District",
  addr: "1 Keji Rd",
};

describe("formatAddress", () => {
  it("zh and zh-tw: largest to smallest, no spaces between the areas", () => {
    expect(formatAddress(shenzhen, "zh")).toBe("广东省深圳市南山区科技园路 1 号");
    expect(formatAddress({ ...shenzhen, province: "廣東省", area: "南山區" }, "zh-tw")).toBe(
      "廣東省深圳市南山區科技园路 1 号",
    );
  });

  it("en: smallest to largest, separated by commas", () => {
    expect(formatAddress(shenzhenEn, "en")).toBe("1 Keji Rd, Nanshan District, Shenzhen, Guangdong");
    expect(formatAddress({ ...shenzhenEn, addr: "" }, "en")).toBe("Nanshan District, Shenzhen, Guangdong");
  });

  it("leaves out the 市辖区 group of a municipality", () => {
    const beijing = { province: "北京市", cityId: 1101, city: "市辖区", area: "东城区", addr: "东华门大街1号" };
    expect(formatAddress(beijing, "zh")).toBe("北京市东城区东华门大街1号");
    const en = { province: "Beijing", cityId: 1101, city: "City Districts", area: "Dongcheng District" };
    expect(formatAddress(en, "en")).toBe("Dongcheng District, Beijing");
    // Chongqing's counties (5002 县) and a province-administered area (4690) likewise
    expect(
      formatAddress({ province: "Chongqing", cityId: 5002, city: "Counties", area: "Chengkou County" }, "en"),
    ).toBe("Chengkou County, Chongqing");
    expect(
      formatAddress({ province: "海南省", cityId: 4690, city: "省直辖县级行政区划", area: "五指山市" }, "zh"),
    ).toBe("海南省五指山市");
  });

  it("keeps a city without its id, and skips a name equal to the one before", () => {
    expect(formatAddress({ province: "上海市", city: "上海市", area: "浦东新区", addr: "世纪大道1号" }, "zh")).toBe(
      "上海市浦东新区世纪大道1号",
    );
    expect(
      formatAddress({ province: "Hong Kong", cityId: 8101, city: "Hong Kong Island", area: "Wan Chai District" }, "en"),
    ).toBe("Wan Chai District, Hong Kong Island, Hong Kong");
  });
});
