/**
 * The platform home's activity blocks read the live activities (docs/demo-data.md): whatever
 * products a renovation stored in its limited_skill (flash sale) and discount_coupon (group deals)
 * blocks, the home shows what /flash-sale and /group-buy sell right now — the flash activities
 * of the session on now (else of the next one); the running group buys, then the upcoming ones —
 * at their activity prices, linking to the activity; the flash-sale block's subtitle says when
 * the session on now ends or when the next one starts. A block with no live activity keeps its
 * stored products and subtitle. Every other product card of the home (new arrivals, best sellers,
 * the goods modules) of a product in the flash session on now shows its flash price, the normal
 * price struck, and leads to its flash-sale page, like the flash block. Shops' own pages keep
 * their blocks as decorated.
 */
import type { TFunction } from "i18next";
import { getT } from "../../../i18n/index.ts";
import { formatDate, formatShort, formatTimeOfDay } from "../../../lib/date-format.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { FlashSessionDto } from "../../../lib/flash-sale/flash-sale.ts";
import { FlashState } from "../../../lib/flash-sale/flash-sale.ts";
import type { GroupActivityDto } from "../../../lib/group-buy/group-buy.ts";
import type { RenovationBlock, RenovationPage } from "../../../lib/renovation/renovation-types.ts";
import { ACTIVITY_MAX } from "../../../lib/renovation/blocks.ts";
import { compare } from "../../../lib/money.ts";
import type { Db } from "../../db/client.ts";
import { flashSessionList } from "../flash-sale/flash-sale.ts";
import { groupActivityList } from "../group-buy/group-buy-read.ts";
import { getHomeRenovation } from "../renovation/renovation.ts";

/** A block item as the renovation blocks read it (lib/renovation/values.ts goodsItem). */
export interface LiveActivityItem {
  prodId: number;
  name: string;
  pic: string;
  price: string;
  activityPrice: string;
  /** The activity's own page (/secdetail/{id} for a flash sale); the product page when absent. */
  activityPath?: string;
  /** Flash units left (0: the item reads "sold out"); absent for group buys. */
  totalStocks?: number;
  status: 1;
}

/**
 * The flash activities the block shows under its subtitle (flashSubtitle): while a session is on,
 * the activities on now (the block says "on now", and each one's own page agrees), those with
 * units left first and the sold-out ones after them, reading "sold out" (totalStocks 0); else the
 * activities of the next session to start, which the subtitle announces.
 */
export function flashItems(sessions: readonly FlashSessionDto[]): LiveActivityItem[] {
  const live = sessions.filter((s) => s.activityStatus === FlashState.LIVE);
  const next = sessions
    .filter((s) => s.activityStatus === FlashState.UPCOMING)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .slice(0, 1);
  const want = live.length > 0 ? FlashState.LIVE : FlashState.UPCOMING;
  const acts = (live.length > 0 ? live : next).flatMap((s) => s.activities.filter((a) => a.activityStatus === want));
  return [...acts.filter((a) => a.seckillTotalStocks > 0), ...acts.filter((a) => a.seckillTotalStocks <= 0)].map(
    (a) => ({
      prodId: a.prodId,
      name: a.prodName,
      pic: a.pic,
      price: a.price,
      activityPrice: a.seckillPrice,
      activityPath: `/secdetail/${a.seckillId}`,
      totalStocks: Math.max(0, a.seckillTotalStocks),
      status: 1 as const,
    }),
  );
}

/**
 * The flash-sale block's subtitle from the sessions (times in the mall's time zone): the session
 * on now and its end, else the next session's start (today, tomorrow or its date); null when no
 * session is on or to come.
 */
export function flashSubtitle(sessions: readonly FlashSessionDto[], now: Date, t: TFunction): string | null {
  const live = sessions.find((s) => s.activityStatus === FlashState.LIVE);
  if (live) return t("home.flash.onNow", { end: formatTimeOfDay(live.endTime) });
  const next = sessions
    .filter((s) => Date.parse(s.startTime) > now.getTime())
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
  if (!next) return null;
  const start = new Date(next.startTime);
  const time = formatTimeOfDay(start);
  const startDay = formatDate(start);
  if (startDay === formatDate(now)) return t("home.flash.nextToday", { time });
  if (startDay === formatDate(new Date(now.getTime() + 86_400_000))) return t("home.flash.nextTomorrow", { time });
  return t("home.flash.nextOn", { date: formatShort(start), time });
}

/** The flash price of each product on sale in a session on now with units left (prodId → activity). */
export function liveFlashPrices(sessions: readonly FlashSessionDto[]): Map<number, LiveFlashPrice> {
  const out = new Map<number, LiveFlashPrice>();
  for (const s of sessions) {
    if (s.activityStatus !== FlashState.LIVE) continue;
    for (const a of s.activities)
      if (a.activityStatus === FlashState.LIVE && a.seckillTotalStocks > 0 && !out.has(a.prodId))
        out.set(a.prodId, { price: a.seckillPrice, path: `/secdetail/${a.seckillId}` });
  }
  return out;
}

export interface LiveFlashPrice {
  price: string;
  /** The flash-sale page of the product's activity. */
  path: string;
}

/**
 * A block's data with each product item of a product in `prices` at its flash price (the item's
 * own price struck) and linked to its flash-sale page. Items are the objects with a prodId and a
 * price, wherever the block keeps them (goodsList, maingoodsList, leftConfig.goodsList, …).
 */
function withFlashPrice(v: unknown, prices: ReadonlyMap<number, LiveFlashPrice>): unknown {
  if (Array.isArray(v)) return v.map((x) => withFlashPrice(x, prices));
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  const live = typeof o.prodId === "number" && "price" in o ? prices.get(o.prodId) : undefined;
  if (live) {
    const own = typeof o.price === "string" || typeof o.price === "number" ? String(o.price) : null;
    if (own === null || compare(live.price, own) >= 0) return o;
    return { ...o, price: live.price, orignPrice: own, activityPath: live.path };
  }
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, withFlashPrice(x, prices)]));
}

/** Group buys as block items (the list already has the running ones first). */
export function groupItems(activities: readonly GroupActivityDto[]): LiveActivityItem[] {
  return activities.map((a) => ({
    prodId: a.prodId,
    name: a.prodName,
    pic: a.pic,
    price: a.price,
    activityPrice: a.actPrice,
    status: 1 as const,
  }));
}

/** The blocks with limited_skill / discount_coupon products replaced by the live ones (pure; empty lists leave a block as it is). */
export function withLiveActivities(
  blocks: readonly RenovationBlock[],
  live: {
    flash: readonly LiveActivityItem[];
    group: readonly LiveActivityItem[];
    flashSubtitle?: string | null;
    /** The flash prices on now, shown on the other blocks' cards of those products. */
    flashPrices?: ReadonlyMap<number, LiveFlashPrice>;
  },
): RenovationBlock[] {
  return blocks.map((b) => {
    const items = b.type === "limited_skill" ? live.flash : b.type === "discount_coupon" ? live.group : null;
    if (!items || items.length === 0) return live.flashPrices && !items ? flashPriced(b, live.flashPrices) : b;
    const subTitle = b.type === "limited_skill" && live.flashSubtitle ? { subTitle: live.flashSubtitle } : {};
    return { ...b, dataField: { ...b.dataField, goodsList: items.slice(0, ACTIVITY_MAX), ...subTitle } };
  });
}

function flashPriced(b: RenovationBlock, prices: ReadonlyMap<number, LiveFlashPrice>): RenovationBlock {
  return prices.size === 0
    ? b
    : { ...b, dataField: withFlashPrice(b.dataField, prices) as RenovationBlock["dataField"] };
}

/** The earliest time after `now` at which a live list changes by time alone (a session or activity starts or ends). */
export function nextActivityChange(
  now: number,
  sessions: readonly FlashSessionDto[],
  groups: readonly GroupActivityDto[],
): number {
  let next = Infinity;
  for (const t of [...sessions, ...groups].flatMap((x) => [x.startTime, x.endTime])) {
    const ms = Date.parse(t);
    if (ms > now && ms < next) next = ms;
  }
  return next;
}

/** The published platform home with its activity blocks showing the live activities; null when none is published. */
export async function getHomeWithLiveActivities(
  db: Db,
  locale: Locale,
  now: Date,
): Promise<{ page: RenovationPage | null; changesAt: number }> {
  const [page, sessions, groups] = await Promise.all([
    getHomeRenovation(db, locale),
    flashSessionList(db, locale, now),
    groupActivityList(db, locale, now, { current: 1, size: ACTIVITY_MAX }),
  ]);
  const changesAt = nextActivityChange(now.getTime(), sessions, groups.records);
  if (!page) return { page, changesAt };
  const live = {
    flash: flashItems(sessions),
    group: groupItems(groups.records),
    flashSubtitle: flashSubtitle(sessions, now, getT(locale)),
    flashPrices: liveFlashPrices(sessions),
  };
  return { page: { ...page, blocks: withLiveActivities(page.blocks, live) }, changesAt };
}
