import { describe, expect, it } from "vitest";
import { areaCounts, getArea, isValidAreaChain, listAreasByPid } from "./area.ts";

describe("area tree", () => {
  it("holds 34 provinces, every city has districts, ids are unique integers", () => {
    const counts = areaCounts();
    expect(counts.provinces).toBe(34);
    expect(counts.cities).toBeGreaterThan(360);
    expect(counts.districts).toBeGreaterThan(3000);
    for (const p of listAreasByPid(0, "zh")) {
      for (const c of listAreasByPid(p.areaId, "zh")) {
        expect(listAreasByPid(c.areaId, "zh").length).toBeGreaterThan(0);
        expect(Math.floor(c.areaId / 100)).toBe(p.areaId);
      }
    }
  });

  it("generates codes for Taiwan, Hong Kong and Macau", () => {
    expect(getArea(71, "zh")).toEqual({ areaId: 71, areaName: "台湾省", parentId: 0, level: 1 });
    expect(getArea(7101, "zh")).toMatchObject({ areaName: "台北市", parentId: 71, level: 2 });
    expect(getArea(810101, "zh")).toMatchObject({ areaName: "中西区", parentId: 8101, level: 3 });
    expect(getArea(820202, "zh-tw")).toMatchObject({ areaName: "聖方濟各堂區（路環）" });
  });

  it("isValidAreaChain answers the names only for a consistent chain", () => {
    expect(isValidAreaChain(44, 4403, 440305)).toEqual({ province: "广东省", city: "深圳市", area: "南山区" });
    expect(isValidAreaChain(44, 4403, 440305, "zh-tw")).toEqual({ province: "廣東省", city: "深圳市", area: "南山區" });
    expect(isValidAreaChain(44, 4403, 440105)).toBeNull();
    expect(isValidAreaChain(11, 4403, 440305)).toBeNull();
    expect(isValidAreaChain(44, 4403, 4403)).toBeNull();
    expect(isValidAreaChain(4403, 440305, 440305)).toBeNull();
    expect(isValidAreaChain(0, 0, 0)).toBeNull();
    // a city without districts in GB/T 2260 (东莞) lists its towns / streets as level 3
    const dongguan = listAreasByPid(4419, "zh");
    expect(dongguan.length).toBeGreaterThan(0);
    expect(isValidAreaChain(44, 4419, dongguan[0]!.areaId)).not.toBeNull();
  });
});
