import { describe, expect, it } from "vitest";
import type { FlashActivityDto, FlashSessionDto } from "../../../lib/flash-sale/flash-sale.ts";
import type { GroupActivityDto } from "../../../lib/group-buy/group-buy.ts";
import { buildActivityGoods, buildGoodsList } from "../../../lib/renovation/blocks.ts";
import type { RenovationBlock } from "../../../lib/renovation/renovation-types.ts";
import { getT } from "../../../i18n/index.ts";
import {
  flashItems,
  flashSubtitle,
  groupItems,
  liveFlashPrices,
  nextActivityChange,
  withLiveActivities,
} from "./home-activities.ts";

const H = 3600_000;
const NOW = Date.parse("2026-11-26T04:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

function act(seckillId: number, prodId: number, status: 1 | 2 | 3, left = 5): FlashActivityDto {
  return {
    seckillId,
    sessionId: 0,
    prodId,
    shopId: 5,
    prodName: `P${prodId}`,
    pic: `/p${prodId}.png`,
    startTime: iso(NOW),
    endTime: iso(NOW + H),
    activityStatus: status,
    seckillPrice: "5.00",
    price: "10.00",
    maxNum: 1,
    payMinutes: 5,
    seckillTotalStocks: left,
    seckillOriginStocks: 10,
    salesRatio: 50,
    seckillSkuList: [],
  };
}

function session(sessionId: number, start: number, end: number, status: 1 | 2 | 3, acts: FlashActivityDto[]) {
  return { sessionId, startTime: iso(start), endTime: iso(end), activityStatus: status, activities: acts };
}

const group = (id: number, prodId: number): GroupActivityDto => ({
  groupActivityId: id,
  prodId,
  shopId: 6,
  prodName: `G${prodId}`,
  pic: `/g${prodId}.png`,
  groupNumber: 2,
  maxNum: 5,
  teamHours: 24,
  startTime: iso(NOW - 24 * H),
  endTime: iso(NOW + 7 * 24 * H),
  activityStatus: 2,
  actPrice: "7.00",
  price: "10.00",
  soldNum: 0,
  groupSkuList: [],
});

describe("home activity blocks", () => {
  const sessions: FlashSessionDto[] = [
    session(1, NOW - 5 * H, NOW - 3 * H, 3, [act(1, 11, 3)]),
    session(3, NOW + 2 * H, NOW + 4 * H, 1, [act(4, 14, 1)]),
    session(2, NOW - H, NOW + H, 2, [act(2, 12, 2), act(3, 13, 2, 0)]),
  ];

  it("lists only the activities on now while a session is on (no upcoming or ended one), the sold-out ones last, reading sold out", () => {
    const onNow = session(2, NOW - H, NOW + H, 2, [act(3, 13, 2, 0), act(2, 12, 2)]);
    const items = flashItems([sessions[0]!, sessions[1]!, onNow]);
    expect(items.map((i) => [i.prodId, i.totalStocks])).toEqual([
      [12, 5],
      [13, 0],
    ]);
    expect(items[0]).toMatchObject({ price: "10.00", activityPrice: "5.00", activityPath: "/secdetail/2" });
    const shown = buildActivityGoods({ goodsList: items }, "en")!.items;
    expect(shown.map((i) => [i.prodId, i.soldOut, i.href])).toEqual([
      [12, false, "/en/secdetail/2"],
      [13, true, "/en/secdetail/3"],
    ]);
  });

  it("else the activities of the next session only, which the subtitle announces", () => {
    const later = session(4, NOW + 5 * H, NOW + 6 * H, 1, [act(5, 15, 1)]);
    const noneOn = [sessions[0]!, later, sessions[1]!];
    expect(flashItems(noneOn).map((i) => i.prodId)).toEqual([14]);
    expect(flashSubtitle(noneOn, new Date(NOW), getT("en"))).toBe("Next session today at 14:00");
    expect(flashItems([sessions[0]!])).toEqual([]);
  });

  it("replaces the stored products of the home's flash and group blocks, and keeps blocks without live ones", () => {
    const stored = [{ prodId: 99, name: "old", price: "1.00", status: 1 }];
    const blocks: RenovationBlock[] = [
      { type: "limited_skill", dataField: { title: "Flash", goodsList: stored } },
      { type: "discount_coupon", dataField: { title: "Group", goodsList: stored } },
      { type: "goods_list", dataField: { goodsList: stored } },
    ];
    const out = withLiveActivities(blocks, { flash: flashItems(sessions), group: groupItems([group(1, 21)]) });
    const flash = buildActivityGoods(out[0]!.dataField as Record<string, unknown>, "en")!;
    expect(flash.items.map((i) => [i.prodId, i.price, i.oriPrice, i.href])).toEqual([
      [12, "5.00", "10.00", "/en/secdetail/2"],
      [13, "5.00", "10.00", "/en/secdetail/3"],
    ]);
    const deals = buildActivityGoods(out[1]!.dataField as Record<string, unknown>, "zh")!;
    expect(deals.items.map((i) => [i.prodId, i.price, i.href])).toEqual([[21, "7.00", "/detail/21"]]);
    expect(out[2]).toBe(blocks[2]);
    expect(withLiveActivities(blocks, { flash: [], group: [] })).toEqual(blocks);
  });

  it("shows the flash price on now on every other card of the product, linked to its flash-sale page", () => {
    const card = (prodId: number, price: string) => ({ prodId, name: `P${prodId}`, price, status: 1 });
    const blocks: RenovationBlock[] = [
      { type: "goods_list", dataField: { listType: 4, goodsList: [card(12, "10.00"), card(14, "10.00")] } },
      { type: "goods_module1", dataField: { leftConfig: { goodsList: [card(12, "10.00")] } } },
      { type: "store_list", dataField: { storeList: [{ shopId: 12, price: "10.00" }] } },
    ];
    const prices = liveFlashPrices(sessions);
    // Only the activity on now with units left: 13 is sold out, 14 not started, 11 ended.
    expect([...prices.keys()]).toEqual([12]);
    const out = withLiveActivities(blocks, { flash: [], group: [], flashPrices: prices });
    const list = buildGoodsList(out[0]!.dataField as Record<string, unknown>, "en")!;
    expect(list.items.map((i) => [i.prodId, i.price, i.oriPrice, i.href])).toEqual([
      [12, "5.00", "10.00", "/en/secdetail/2"],
      [14, "10.00", null, "/en/detail/14"],
    ]);
    expect(out[1]!.dataField).toMatchObject({ leftConfig: { goodsList: [{ price: "5.00", orignPrice: "10.00" }] } });
    expect(out[2]).toEqual(blocks[2]);
    // A card already cheaper than the flash price keeps its own.
    const cheap = withLiveActivities([{ type: "goods_list", dataField: { goodsList: [card(12, "4.00")] } }], {
      flash: [],
      group: [],
      flashPrices: prices,
    });
    expect(cheap[0]!.dataField).toEqual({ goodsList: [card(12, "4.00")] });
  });

  it("knows when the lists change by time alone", () => {
    expect(nextActivityChange(NOW, sessions, [group(1, 21)])).toBe(NOW + H);
    expect(nextActivityChange(NOW + 5 * H, [], [])).toBe(Infinity);
  });
});

describe("flashSubtitle", () => {
  // NOW is 12:00 in Shanghai (UTC+8).
  const en = getT("en");
  it("names the end of the session on now", () => {
    const s = [session(1, NOW - H, NOW + 2.5 * H, 2, []), session(2, NOW + 3 * H, NOW + 4 * H, 1, [])];
    expect(flashSubtitle(s, new Date(NOW), en)).toBe("On now · ends at 14:30");
    expect(flashSubtitle(s, new Date(NOW), getT("zh"))).toBe("正在疯抢 · 14:30 结束");
  });
  it("else the next session's start: today, tomorrow or its date", () => {
    const ended = session(9, NOW - 3 * H, NOW - H, 3, []);
    const at = (start: number) => flashSubtitle([ended, session(1, start, start + H, 1, [])], new Date(NOW), en);
    expect(at(NOW + 3 * H)).toBe("Next session today at 15:00");
    expect(at(NOW + 22 * H)).toBe("Next session tomorrow at 10:00");
    expect(at(NOW + 46 * H)).toBe("Next session on 11-28 at 10:00");
    expect(flashSubtitle([ended], new Date(NOW), en)).toBeNull();
  });
  it("replaces the flash block's subtitle only when the block shows live products", () => {
    const block = {
      type: "limited_skill",
      dataField: { subTitle: "stored", goodsList: [] },
    } as unknown as RenovationBlock;
    const item = flashItems([session(1, NOW - H, NOW + H, 2, [act(1, 10, 2)])]);
    expect(withLiveActivities([block], { flash: item, group: [], flashSubtitle: "live" })[0]!.dataField).toMatchObject({
      subTitle: "live",
    });
    expect(withLiveActivities([block], { flash: [], group: [], flashSubtitle: "live" })[0]!.dataField).toMatchObject({
      subTitle: "stored",
    });
  });
});
