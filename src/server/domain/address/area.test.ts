import { describe, expect, it } from "vitest";
import areaNames from "./area-names.json" with { type: "json" };
import { areaCounts, areaName, getArea, isValidAreaChain, listAreasByPid, localizeAreas } from "./area.ts";
import { getAreaTree } from "./area-tree.ts";

const HAN = /\p{Script=Han}/u;
const TABLE = areaNames as unknown as Record<string, [string, string, string]>;

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
    expect(isValidAreaChain(44, 4403, 440305, "en")).toEqual({
      province: "Guangdong",
      city: "Shenzhen",
      area: "Nanshan District",
    });
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

describe("area names in three languages", () => {
  it("the generated table names every area of the dataset, and only those (npm run gen:areas after an update)", () => {
    const { byId } = getAreaTree();
    expect(Object.keys(TABLE).length).toBe(byId.size);
    for (const node of byId.values()) expect(TABLE[String(node.id)]?.[0], String(node.id)).toBe(node.name);
  });

  it("no English name has a Han character, no traditional name is left simplified", () => {
    for (const [id, [zh, tw, en]] of Object.entries(TABLE)) {
      expect(HAN.test(en), `${id} ${en}`).toBe(false);
      expect(en.trim(), id).not.toBe("");
      expect(tw.length, id).toBe(zh.length);
    }
    for (const simplified of ["东", "区", "县", "门", "湾", "广", "辽", "龙", "乡", "镇"]) {
      const left = Object.entries(TABLE).filter(([, [, tw]]) => tw.includes(simplified));
      expect(
        left.map(([id]) => id),
        simplified,
      ).toEqual([]);
    }
  });

  it("provinces", () => {
    expect(listAreasByPid(0, "en").map((p) => p.areaName)).toEqual(
      expect.arrayContaining([
        "Beijing",
        "Guangdong",
        "Inner Mongolia",
        "Tibet",
        "Xinjiang",
        "Hong Kong",
        "Macau",
        "Taiwan",
      ]),
    );
    expect(areaName(15, "zh")).toBe("内蒙古自治区");
    expect(areaName(15, "zh-tw")).toBe("內蒙古自治區");
    expect(areaName(44, "zh-tw")).toBe("廣東省");
  });

  it("cities: English names where they are in use, else pinyin; prefectures and leagues translated", () => {
    expect(areaName(4403, "en")).toBe("Shenzhen");
    expect(areaName(6101, "en")).toBe("Xi'an");
    expect(areaName(2301, "en")).toBe("Harbin");
    expect(areaName(1501, "en")).toBe("Hohhot");
    expect(areaName(5401, "en")).toBe("Lhasa");
    expect(areaName(6501, "en")).toBe("Urumqi");
    expect(areaName(6531, "en")).toBe("Kashgar Prefecture");
    expect(areaName(1525, "en")).toBe("Xilingol League");
    expect(areaName(2224, "en")).toBe("Yanbian Korean Autonomous Prefecture");
    expect(areaName(5226, "en")).toBe("Qiandongnan Miao and Dong Autonomous Prefecture");
    expect(areaName(2224, "zh-tw")).toBe("延邊朝鮮族自治州");
  });

  it("districts and counties: pinyin with the kind translated", () => {
    expect(areaName(110101, "en")).toBe("Dongcheng District");
    expect(areaName(110101, "zh-tw")).toBe("東城區");
    expect(areaName(440305, "en")).toBe("Nanshan District");
    expect(areaName(310115, "en")).toBe("Pudong New Area");
    expect(areaName(441803, "en")).toBe("Qingxin District");
    expect(areaName(500230, "en")).toBe("Fengdu County");
    expect(areaName(220623, "en")).toBe("Changbai Korean Autonomous County");
    expect(areaName(150521, "en")).toBe("Horqin Left Wing Middle Banner");
    expect(areaName(420802, "en")).toMatch(/ District$/);
  });

  it("the 市辖区 and other city-level groups", () => {
    expect(areaName(1101, "zh")).toBe("市辖区");
    expect(areaName(1101, "zh-tw")).toBe("市轄區");
    expect(areaName(1101, "en")).toBe("City Districts");
    expect(areaName(5002, "en")).toBe("Counties");
    expect(areaName(4690, "en")).toBe("Province-administered Areas");
    expect(areaName(4690, "zh-tw")).toBe("省直轄縣級行政區劃");
  });

  it("Hong Kong, Macau and Taiwan", () => {
    expect(areaName(81, "zh-tw")).toBe("香港特別行政區");
    expect(areaName(8101, "en")).toBe("Hong Kong Island");
    expect(areaName(8102, "en")).toBe("Kowloon");
    expect(areaName(810102, "en")).toBe("Wan Chai District");
    expect(areaName(810102, "zh-tw")).toBe("灣仔區");
    expect(areaName(82, "en")).toBe("Macau");
    expect(areaName(820101, "en")).toBe("Sé Parish");
    expect(areaName(7101, "en")).toBe("Taipei");
    expect(areaName(7101, "zh-tw")).toBe("臺北市");
    expect(areaName(7104, "en")).toBe("Taichung");
    expect(areaName(7110, "en")).toBe("Hsinchu County");
  });

  it("localizeAreas looks names up by id and keeps a stored name the tree does not know", () => {
    const stored = { provinceId: 11, province: "北京市", cityId: 1101, city: "市辖区", areaId: 110105, area: "朝阳区" };
    expect(localizeAreas(stored, "en")).toMatchObject({
      province: "Beijing",
      city: "City Districts",
      area: "Chaoyang District",
    });
    expect(localizeAreas({ ...stored, areaId: 999999, area: "旧区" }, "en").area).toBe("旧区");
    expect(areaName(999999, "en")).toBeNull();
  });
});
