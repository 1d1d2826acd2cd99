/** Address book: /p/address/* (CONTRACT §7.3). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { addresses } from "../../../src/server/db/schema/index.ts";
import type { AddressItem } from "../../../src/lib/address/address-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

const SZ = { provinceId: 44, cityId: 4403, areaId: 440305 }; // 广东省 深圳市 南山区
/** Lets the clock move so updatedAt values differ. */
const tick = () => new Promise((r) => setTimeout(r, 5));
const form = (over: Record<string, unknown> = {}) => ({
  receiver: "张三",
  mobile: "13800138000",
  ...SZ,
  addr: "科技园南区一号楼 101",
  postCode: "518000",
  ...over,
});

describe.skipIf(!dbReady)("address API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
  });
  afterAll(async () => {
    await app?.close();
  });

  const rowsOf = async (u: TestUser) =>
    Number((await app.ctx.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, u.userId)))[0]!.n);
  const list = async (u: TestUser, lang = "zh") =>
    okData(await call<AddressItem[]>("/p/address/list", { user: u, lang }));
  const add = (u: TestUser, body: unknown, lang = "en") => call<number>("/p/address/addAddr", { user: u, body, lang });
  const clear = (u: TestUser) => app.ctx.db.delete(addresses).where(eq(addresses.userId, u.userId));

  it("needs a token", async () => {
    expect((await call("/p/address/list", { user: null })).body.code).toBe("A00004");
    expect((await add(null as unknown as TestUser, form())).body.code).toBe("A00004");
  });

  it("adds: the first address becomes default, names come from the area tree, list is default-first", async () => {
    expect(await list(alice)).toEqual([]);
    const id1 = okData(await add(alice, form({ province: "假省", city: "假市", area: "假区", addrId: 0 })));
    expect(typeof id1).toBe("number");
    const [first] = await list(alice);
    expect(first).toEqual({
      addrId: id1,
      receiver: "张三",
      mobile: "13800138000",
      province: "广东省",
      provinceId: 44,
      city: "深圳市",
      cityId: 4403,
      area: "南山区",
      areaId: 440305,
      addr: "科技园南区一号楼 101",
      postCode: "518000",
      commonAddr: 1,
    });
    const [row] = await app.ctx.db.select().from(addresses).where(eq(addresses.addrId, id1));
    expect([row!.province, row!.city, row!.area]).toEqual(["广东省", "深圳市", "南山区"]);

    const id2 = okData(
      await add(
        alice,
        form({
          receiver: "  李四 ",
          postCode: "",
          provinceId: 81,
          cityId: 8101,
          areaId: 810102,
          addr: "灣仔道 100 號",
        }),
      ),
    );
    const l = await list(alice);
    expect(l.map((a) => [a.addrId, a.commonAddr])).toEqual([
      [id1, 1],
      [id2, 0],
    ]);
    expect(l[1]).toMatchObject({
      receiver: "李四",
      postCode: null,
      province: "香港特别行政区",
      city: "香港岛",
      area: "湾仔区",
    });
    // names in the request language
    expect((await list(alice, "zh-tw"))[1]).toMatchObject({
      province: "香港特別行政區",
      city: "香港島",
      area: "灣仔區",
    });
    expect((await list(alice, "en"))[0]).toMatchObject({
      province: "Guangdong",
      city: "Shenzhen",
      area: "Nanshan District",
    });
    // a third one, then the order is default first, then most recently updated
    const id3 = okData(await add(alice, form({ receiver: "王五" })));
    expect((await list(alice)).map((a) => a.addrId)).toEqual([id1, id3, id2]);
    // updating id2 moves it up
    await tick();
    okData(
      await call("/p/address/updateAddr", {
        method: "PUT",
        user: alice,
        body: { ...form({ receiver: "李四四" }), addrId: id2 },
      }),
    );
    expect((await list(alice)).map((a) => a.addrId)).toEqual([id1, id2, id3]);
    await clear(alice);
  });

  it.each([
    ["bad mobile", form({ mobile: "12345" }), "Please enter a valid mobile number"],
    ["empty mobile", form({ mobile: "" }), "Please enter the mobile number"],
    ["addr under 5 characters", form({ addr: " 一二三四 " }), "The detailed address must be at least 5 characters"],
    ["addr over 100 characters", form({ addr: "长".repeat(101) }), "The detailed address cannot exceed 100 characters"],
    ["empty receiver", form({ receiver: "   " }), "Please enter the receiver's name"],
    ["receiver over 20", form({ receiver: "名".repeat(21) }), "The receiver's name cannot exceed 20 characters"],
    [
      "receiver with a bidi override",
      form({ receiver: "Li \u202eieL" }),
      "Names and addresses cannot contain hidden characters (invisible ones, or ones that change the reading direction)",
    ],
    [
      "addr with a bidi isolate",
      form({ addr: "Road 12 \u2067No. 3\u2069" }),
      "Names and addresses cannot contain hidden characters (invisible ones, or ones that change the reading direction)",
    ],
    ["district of another city", form({ areaId: 440105 }), "Please choose a valid province, city and district"],
    [
      "city of another province",
      form({ cityId: 1101, areaId: 110101 }),
      "Please choose a valid province, city and district",
    ],
    ["levels swapped", form({ provinceId: 4403, cityId: 44 }), "Please choose a valid province, city and district"],
    ["unknown district", form({ areaId: 440399 }), "Please choose a valid province, city and district"],
    ["missing province", form({ provinceId: undefined }), "Please choose the province"],
    ["non-integer city", form({ cityId: 44.5 }), "Please choose the city"],
    ["string district", form({ areaId: "abc" }), "Please choose the district"],
    ["bad post code", form({ postCode: "12345" }), "The post code is 6 digits"],
    ["non-zero addrId", form({ addrId: 7 }), "A new address cannot have an address ID"],
  ])("add refuses %s with the translated message, nothing stored", async (_name, body, msg) => {
    const before = await rowsOf(alice);
    expect((await add(alice, body)).body).toEqual({ code: "A00001", msg, data: null, success: false });
    expect(await rowsOf(alice)).toBe(before);
  });

  it("messages follow the request language; bad JSON is refused", async () => {
    expect((await add(alice, form({ mobile: "1" }), "zh")).body.msg).toBe("请输入正确的手机号");
    expect((await add(alice, form({ areaId: 110101 }), "zh-tw")).body.msg).toBe("請選擇正確的省市區");
    expect((await add(alice, form({ receiver: "张\u202d三" }), "zh")).body.msg).toBe(
      "姓名和地址不能包含隐藏字符（不可见字符或改变文字方向的字符）",
    );
    expect((await add(alice, "{oops")).body).toMatchObject({
      code: "A00001",
      msg: "The request body is not valid JSON",
    });
    expect(await rowsOf(alice)).toBe(0);
  });

  it("at most 20 addresses: the 21st is refused and not stored", async () => {
    for (let i = 0; i < 20; i++) okData(await add(alice, form({ receiver: `收货人${i}` })));
    expect(await rowsOf(alice)).toBe(20);
    expect((await add(alice, form())).body).toEqual({
      code: "A00001",
      msg: "You can keep at most 20 addresses",
      data: null,
      success: false,
    });
    expect(await rowsOf(alice)).toBe(20);
    expect((await list(alice)).filter((a) => a.commonAddr === 1)).toHaveLength(1);
    // bob is not limited by alice's addresses
    okData(await add(bob, form()));
    await clear(alice);
    await clear(bob);
  });

  it("updateAddr changes fields (names from the tree), keeps the default flag; refuses bad input", async () => {
    const id = okData(await add(alice, form()));
    const upd = (body: unknown) => call<number>("/p/address/updateAddr", { method: "PUT", user: alice, body });
    expect(
      okData(
        await upd({
          ...form({ receiver: "赵六", ...{ provinceId: 11, cityId: 1101, areaId: 110108 }, city: "假" }),
          addrId: id,
        }),
      ),
    ).toBe(id);
    expect(okData(await call<AddressItem>(`/p/address/addrInfo/${id}`, { user: alice, lang: "zh" }))).toMatchObject({
      receiver: "赵六",
      province: "北京市",
      city: "市辖区",
      area: "海淀区",
      commonAddr: 1,
    });
    const [before] = await app.ctx.db.select().from(addresses).where(eq(addresses.addrId, id));
    expect((await upd({ ...form({ mobile: "abc" }), addrId: id })).body.msg).toBe("Please enter a valid mobile number");
    expect((await upd({ ...form({ areaId: 440105 }), addrId: id })).body.msg).toBe(
      "Please choose a valid province, city and district",
    );
    expect((await upd(form())).body.msg).toBe("The address does not exist");
    expect((await upd({ ...form(), addrId: "x" })).body.msg).toBe("The address does not exist");
    expect((await upd({ ...form(), addrId: 999999 })).body.msg).toBe("The address does not exist");
    const [after] = await app.ctx.db.select().from(addresses).where(eq(addresses.addrId, id));
    expect(after).toEqual(before);
    await clear(alice);
  });

  it("defaultAddr keeps exactly one default; deleting the default promotes the most recently updated", async () => {
    const a = okData(await add(alice, form({ receiver: "A" })));
    const b = okData(await add(alice, form({ receiver: "B" })));
    const c = okData(await add(alice, form({ receiver: "C" })));
    okData(await call(`/p/address/defaultAddr/${b}`, { method: "PUT", user: alice }));
    let l = await list(alice);
    expect(l.filter((x) => x.commonAddr === 1).map((x) => x.addrId)).toEqual([b]);
    expect(l[0]!.addrId).toBe(b);
    // make a the most recently updated, then delete the default b → a becomes default
    await tick();
    okData(
      await call("/p/address/updateAddr", {
        method: "PUT",
        user: alice,
        body: { ...form({ receiver: "A2" }), addrId: a },
      }),
    );
    okData(await call(`/p/address/deleteAddr/${b}`, { method: "DELETE", user: alice }));
    l = await list(alice);
    expect(l.map((x) => [x.addrId, x.commonAddr])).toEqual([
      [a, 1],
      [c, 0],
    ]);
    // deleting a non-default leaves the default alone
    okData(await call(`/p/address/deleteAddr/${c}`, { method: "DELETE", user: alice }));
    expect((await list(alice)).map((x) => [x.addrId, x.commonAddr])).toEqual([[a, 1]]);
    // the only one deleted → empty; the next added is default again
    okData(await call(`/p/address/deleteAddr/${a}`, { method: "DELETE", user: alice }));
    expect(await list(alice)).toEqual([]);
    const d = okData(await add(alice, form()));
    expect((await list(alice))[0]).toMatchObject({ addrId: d, commonAddr: 1 });
    await clear(alice);
  });

  it("addrInfo / deleteAddr / defaultAddr refuse unknown and malformed ids", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      expect((await call(`/p/address/addrInfo/${id}`, { user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "The address does not exist",
      });
      expect((await call(`/p/address/deleteAddr/${id}`, { method: "DELETE", user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "The address does not exist",
      });
      expect((await call(`/p/address/defaultAddr/${id}`, { method: "PUT", user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "The address does not exist",
      });
    }
  });

  describe("another user's address", () => {
    let id: number;
    let snapshot: unknown;
    beforeAll(async () => {
      okData(await add(alice, form({ receiver: "Alice home" })));
      id = okData(await add(alice, form({ receiver: "Alice work" })));
      okData(await add(bob, form({ receiver: "Bob" })));
      snapshot = await app.ctx.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, alice.userId))
        .orderBy(addresses.addrId);
    });
    const unchanged = async () =>
      expect(
        await app.ctx.db.select().from(addresses).where(eq(addresses.userId, alice.userId)).orderBy(addresses.addrId),
      ).toEqual(snapshot);
    const notFound = { code: "A00001", msg: "The address does not exist", data: null, success: false };

    it("is not in bob's list", async () => {
      expect((await list(bob)).map((a) => a.receiver)).toEqual(["Bob"]);
    });
    it("addrInfo → not found", async () => {
      expect((await call(`/p/address/addrInfo/${id}`, { user: bob })).body).toEqual(notFound);
    });
    it("updateAddr → not found, unchanged (also with a bad area)", async () => {
      expect(
        (
          await call("/p/address/updateAddr", {
            method: "PUT",
            user: bob,
            body: { ...form({ receiver: "hacked" }), addrId: id },
          })
        ).body,
      ).toEqual(notFound);
      expect(
        (
          await call("/p/address/updateAddr", {
            method: "PUT",
            user: bob,
            body: { ...form({ areaId: 110101 }), addrId: id },
          })
        ).body,
      ).toEqual(notFound);
      await unchanged();
    });
    it("deleteAddr → not found, unchanged", async () => {
      expect((await call(`/p/address/deleteAddr/${id}`, { method: "DELETE", user: bob })).body).toEqual(notFound);
      await unchanged();
    });
    it("defaultAddr → not found, unchanged (bob's default stays)", async () => {
      expect((await call(`/p/address/defaultAddr/${id}`, { method: "PUT", user: bob })).body).toEqual(notFound);
      await unchanged();
      expect((await list(bob))[0]!.commonAddr).toBe(1);
    });
  });
});
