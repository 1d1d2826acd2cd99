/** Area tree: GET /area/listByPid and /p/area/listByPid (CONTRACT §7.3). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AreaItem } from "../../../src/lib/address/address-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

describe.skipIf(!dbReady)("area API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let user: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    user = await createTestUser(app, "areauser");
  });
  afterAll(async () => {
    await app?.close();
  });

  const areas = async (q: string, lang = "zh") => okData(await call<AreaItem[]>(`/area/listByPid${q}`, { lang }));

  it("no pid, empty pid or 0 → the 34 provinces (mainland codes, then 71, 81, 82)", async () => {
    const p = await areas("");
    expect(p).toHaveLength(34);
    expect(p[0]).toEqual({ areaId: 11, areaName: "北京市", parentId: 0, level: 1 });
    expect(p.slice(-3).map((a) => a.areaId)).toEqual([71, 81, 82]);
    expect(await areas("?pid=")).toEqual(p);
    expect(await areas("?pid=0")).toEqual(p);
  });

  it("children of a province and of a city", async () => {
    const cities = await areas("?pid=44");
    expect(cities.find((c) => c.areaId === 4403)).toEqual({ areaId: 4403, areaName: "深圳市", parentId: 44, level: 2 });
    expect(cities.every((c) => c.parentId === 44 && c.level === 2)).toBe(true);
    const districts = await areas("?pid=4403");
    expect(districts.find((d) => d.areaId === 440305)).toEqual({
      areaId: 440305,
      areaName: "南山区",
      parentId: 4403,
      level: 3,
    });
    expect(districts.every((d) => d.level === 3)).toBe(true);
    expect((await areas("?pid=81")).map((c) => [c.areaId, c.areaName])).toEqual([
      [8101, "香港岛"],
      [8102, "九龙"],
      [8103, "新界"],
    ]);
    expect((await areas("?pid=8201"))[0]).toEqual({ areaId: 820101, areaName: "大堂区", parentId: 8201, level: 3 });
  });

  it("a district or an unknown id has no children", async () => {
    expect(await areas("?pid=440305")).toEqual([]);
    expect(await areas("?pid=99")).toEqual([]);
  });

  it("names in zh-tw are traditional; en names every level in English", async () => {
    expect((await areas("?pid=8101", "zh-tw")).map((d) => d.areaName).slice(0, 2)).toEqual(["中西區", "灣仔區"]);
    const en = await areas("", "en");
    expect(en.find((p) => p.areaId === 44)!.areaName).toBe("Guangdong");
    expect(en.find((p) => p.areaId === 81)!.areaName).toBe("Hong Kong");
    expect((await areas("?pid=44", "en")).find((c) => c.areaId === 4403)!.areaName).toBe("Shenzhen");
    const districts = await areas("?pid=4403", "en");
    expect(districts.find((d) => d.areaId === 440305)!.areaName).toBe("Nanshan District");
    expect(districts.every((d) => !/\p{Script=Han}/u.test(d.areaName))).toBe(true);
  });

  it("refuses a bad pid", async () => {
    for (const q of ["abc", "-1", "1.5", "1e3"]) {
      const r = await call(`/area/listByPid?pid=${q}`);
      expect(r.body.code).toBe("A00001");
      expect(r.body.msg).toMatch(/^Parent area /);
    }
  });

  it("the public answer may be cached; the /p/ one needs a token", async () => {
    const r = await call("/area/listByPid");
    expect(r.headers.get("cache-control")).toMatch(/public/);
    expect((await call("/p/area/listByPid?pid=44")).body.code).toBe("A00004");
    const withToken = await call<AreaItem[]>("/p/area/listByPid?pid=44", { user, lang: "zh" });
    expect(okData(withToken)).toEqual(await areas("?pid=44"));
    expect(withToken.headers.get("cache-control")).toBe("no-store");
  });
});
