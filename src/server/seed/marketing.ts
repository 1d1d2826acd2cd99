/**
 * Demo coupons and limited-time discounts, timed relative to the seeding instant (clock.now)
 * so they are live whenever the demo runs:
 * - platform coupons (cash and discount), shop coupons of both types, one nearly sold out,
 *   one for selected products, one "N days after claiming";
 * - an expired coupon in the demo buyer's wallet (and one not used, ready for checkout);
 * - two running discounts (spend-and-save tiers repeated with a cap; buy 2 get 10 % off) and a
 *   per-piece limited-time price, plus one upcoming; the per-piece one covers five goods, one of
 *   them sold out (the offer lists still show it, reading "sold out").
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  couponProds,
  couponUsers,
  coupons,
  discountItems,
  discountProds,
  discounts,
  products,
  shops,
} from "../db/schema/index.ts";
import type { SeedContext } from "./context.ts";
import { DEMO_USER } from "./users.ts";

const DAY = 24 * 3600 * 1000;
const t = (zh: string, tw: string, en: string) => ({ zh, "zh-tw": tw, en });

export async function seedMarketing(ctx: SeedContext): Promise<void> {
  const { tx, clock } = ctx;
  const at = (days: number) => new Date(clock.now.getTime() + days * DAY);
  const open = await tx
    .select({ shopId: shops.shopId })
    .from(shops)
    .where(eq(shops.shopStatus, 1))
    .orderBy(asc(shops.shopId))
    .limit(3);
  const [s1, s2, s3] = open.map((s) => s.shopId);
  if (!s1 || !s2 || !s3) return;
  const prodsOf = async (shopId: number, n: number) =>
    (
      await tx
        .select({ prodId: products.prodId })
        .from(products)
        .where(and(eq(products.shopId, shopId), eq(products.status, 1), eq(products.prodType, 0)))
        .orderBy(asc(products.prodId))
        .limit(n)
    ).map((p) => p.prodId);
  const p1 = await prodsOf(s1, 12);
  const p2 = await prodsOf(s2, 12);
  const p3 = await prodsOf(s3, 12);
  // A sold-out product of shop 3 (products.ts sells two out completely), for the per-piece offer.
  const [soldOut3] = await tx
    .select({ prodId: products.prodId })
    .from(products)
    .where(and(eq(products.shopId, s3), eq(products.status, 1), eq(products.prodType, 0), eq(products.totalStocks, 0)))
    .orderBy(asc(products.prodId))
    .limit(1);

  const live = { launchTime: at(-3), overTime: at(30) };
  const rows: (typeof coupons.$inferInsert)[] = [
    {
      shopId: 0,
      couponName: t("全场通用满199减20", "全場通用滿199減20", "Mall-wide: ¥20 off ¥199"),
      couponType: 1,
      cashCondition: "199",
      reduceAmount: "20",
      validTimeType: 1,
      startTime: at(-3),
      endTime: at(30),
      limitNum: 2,
      stocks: 5000,
      sourceStock: 5000,
      ...live,
    },
    {
      shopId: 0,
      couponName: t("平台95折券", "平臺95折券", "Platform 5% off"),
      couponType: 2,
      cashCondition: "50",
      couponDiscount: "9.5",
      validTimeType: 2,
      afterReceiveDays: 0,
      validDays: 7,
      limitNum: 1,
      stocks: 3000,
      sourceStock: 3000,
      ...live,
    },
    {
      shopId: s1,
      couponName: t("店铺券 满99减10", "店鋪券 滿99減10", "Shop coupon: ¥10 off ¥99"),
      couponType: 1,
      cashCondition: "99",
      reduceAmount: "10",
      validTimeType: 1,
      startTime: at(-3),
      endTime: at(20),
      limitNum: 10,
      stocks: 1000,
      sourceStock: 1000,
      ...live,
    },
    {
      shopId: s1,
      couponName: t("无门槛5元券", "無門檻5元券", "¥5 off, no minimum"),
      couponType: 1,
      cashCondition: "0",
      reduceAmount: "5",
      validTimeType: 2,
      afterReceiveDays: 0,
      validDays: 3,
      limitNum: 1,
      stocks: 5,
      sourceStock: 200,
      ...live,
    },
    {
      shopId: s2,
      couponName: t("指定商品9折", "指定商品9折", "10% off selected goods"),
      couponType: 2,
      cashCondition: "0",
      couponDiscount: "9",
      suitableProdType: 1,
      validTimeType: 1,
      startTime: at(-3),
      endTime: at(15),
      limitNum: 1,
      stocks: 800,
      sourceStock: 800,
      ...live,
    },
    {
      shopId: s3,
      couponName: t("满300减50", "滿300減50", "¥50 off ¥300"),
      couponType: 1,
      cashCondition: "300",
      reduceAmount: "50",
      validTimeType: 1,
      startTime: at(-3),
      endTime: at(10),
      limitNum: 1,
      stocks: 300,
      sourceStock: 300,
      ...live,
    },
    // Already over: only in the demo buyer's wallet, as expired.
    {
      shopId: s2,
      couponName: t("上月满减券", "上月滿減券", "Last month's coupon"),
      couponType: 1,
      cashCondition: "50",
      reduceAmount: "8",
      validTimeType: 1,
      startTime: at(-40),
      endTime: at(-10),
      launchTime: at(-40),
      overTime: at(-10),
      limitNum: 1,
      stocks: 0,
      sourceStock: 100,
    },
    // Exclusive coupon of paid members (docs/points.md "Membership").
    {
      shopId: 0,
      couponName: t("PLUS会员专享 满99减15", "PLUS會員專享 滿99減15", "PLUS members: ¥15 off ¥99"),
      couponType: 1,
      cashCondition: "99",
      reduceAmount: "15",
      validTimeType: 2,
      afterReceiveDays: 0,
      validDays: 30,
      limitNum: 1,
      stocks: 1000,
      sourceStock: 1000,
      memberOnly: 1,
      ...live,
    },
  ];
  const ids = (await tx.insert(coupons).values(rows).returning({ id: coupons.couponId })).map((r) => r.id);
  await tx.insert(couponProds).values(p2.slice(0, 6).map((prodId) => ({ couponId: ids[4]!, prodId })));
  await tx.insert(couponUsers).values([
    {
      couponId: ids[6]!,
      userId: DEMO_USER.userId,
      shopId: s2,
      status: 1,
      validStart: at(-40),
      validEnd: at(-10),
      receiveTime: at(-35),
    },
    {
      couponId: ids[2]!,
      userId: DEMO_USER.userId,
      shopId: s1,
      status: 1,
      validStart: at(-3),
      validEnd: at(20),
      receiveTime: at(-2),
    },
  ]);
  await tx
    .update(coupons)
    .set({ stocks: 999 })
    .where(inArray(coupons.couponId, [ids[2]!]));

  const dRows: (typeof discounts.$inferInsert)[] = [
    {
      shopId: s1,
      discountName: t("满199减20，上不封顶至60", "滿199減20，最高減60", "¥20 off every ¥199 (up to ¥60)"),
      discountRule: 0,
      discountType: 1,
      maxReduceAmount: "60",
      suitableProdType: 1,
      pcPic: "",
      pcBackgroundPic: "",
      startTime: at(-2),
      endTime: at(6),
    },
    {
      shopId: s2,
      discountName: t("任选2件9折", "任選2件9折", "Any 2 items: 10% off"),
      discountRule: 3,
      discountType: 0,
      suitableProdType: 0,
      pcPic: "",
      pcBackgroundPic: "",
      startTime: at(-1),
      endTime: at(4),
    },
    {
      shopId: s3,
      discountName: t("限时特惠 每件8折", "限時特惠 每件8折", "Limited time: 20% off each"),
      discountRule: 3,
      discountType: 0,
      suitableProdType: 1,
      pcPic: "",
      pcBackgroundPic: "",
      startTime: at(-1),
      endTime: at(3),
    },
    {
      shopId: s1,
      discountName: t("周末特惠：满300减40", "週末特惠：滿300減40", "Weekend offer: ¥40 off ¥300"),
      discountRule: 0,
      discountType: 0,
      suitableProdType: 0,
      pcPic: "",
      pcBackgroundPic: "",
      startTime: at(2),
      endTime: at(9),
    },
  ];
  const dIds = (await tx.insert(discounts).values(dRows).returning({ id: discounts.discountId })).map((r) => r.id);
  await tx.insert(discountItems).values([
    { discountId: dIds[0]!, needAmount: "199", discount: "20" },
    { discountId: dIds[1]!, needAmount: "2", discount: "9" },
    { discountId: dIds[2]!, needAmount: "1", discount: "8" },
    { discountId: dIds[3]!, needAmount: "300", discount: "40" },
  ]);
  await tx
    .insert(discountProds)
    .values([
      ...p1.slice(0, 8).map((prodId) => ({ discountId: dIds[0]!, prodId })),
      ...[
        ...p3.filter((id) => id !== soldOut3?.prodId).slice(0, soldOut3 ? 4 : 6),
        ...(soldOut3 ? [soldOut3.prodId] : []),
      ].map((prodId) => ({ discountId: dIds[2]!, prodId })),
    ]);
}
