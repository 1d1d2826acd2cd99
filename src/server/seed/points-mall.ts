/**
 * The demo points mall (docs/points.md "Points mall"): a dozen items of self-operated shop 1,
 * points only or points + money, with stock and per-user limits (one nearly sold out, one with a
 * limit of 1). Products of prodType 3 and status 3: only the points mall lists them.
 */
import { and, asc, eq } from "drizzle-orm";
import { categories, productTranslations, products, skus } from "../db/schema/index.ts";
import { POINTS_MALL_STATUS, POINTS_PROD_TYPE } from "../../lib/points-mall/points-mall.ts";
import type { SeedContext } from "./context.ts";
import type { IconKind } from "./images.ts";
import { productRenderSvg } from "./product-render.ts";

export const POINTS_MALL_SHOP_ID = 1;

type Item = [
  zh: string,
  tw: string,
  en: string,
  icon: IconKind,
  score: number,
  money: string,
  ref: string,
  stock: number,
  limit: number,
];

const ITEMS: Item[] = [
  ["品牌保温杯 500ml", "品牌保溫杯 500ml", "Insulated bottle 500 ml", "bottle", 800, "0", "59.00", 120, 2],
  ["无线充电器", "無線充電器", "Wireless charger", "battery", 1500, "0", "99.00", 80, 1],
  ["数据线三合一", "數據線三合一", "3-in-1 charging cable", "cable", 300, "0", "29.00", 300, 5],
  ["蓝牙耳机", "藍牙耳機", "Bluetooth earbuds", "earbuds", 3000, "49.00", "199.00", 40, 1],
  ["智能手表表带", "智慧手錶錶帶", "Smart watch strap", "watch", 600, "0", "39.00", 150, 3],
  ["便携电风扇", "便攜電風扇", "Handheld fan", "fan", 500, "9.90", "49.00", 200, 3],
  ["电动牙刷", "電動牙刷", "Electric toothbrush", "toothbrush", 2500, "29.00", "169.00", 60, 1],
  ["精装笔记本", "精裝筆記本", "Hardcover notebook", "book", 200, "0", "19.90", 500, 10],
  ["签字笔套装", "簽字筆套裝", "Gel pen set", "pen", 150, "0", "15.00", 500, 10],
  ["旅行收纳包", "旅行收納包", "Travel organiser bag", "bag", 1000, "0", "79.00", 3, 1],
  ["迷你吹风机", "迷你吹風機", "Mini hair dryer", "hairdryer", 1800, "19.00", "129.00", 50, 2],
  ["无线鼠标", "無線滑鼠", "Wireless mouse", "mouse", 1200, "0", "89.00", 100, 2],
];

export async function seedPointsMall(ctx: SeedContext): Promise<number[]> {
  const [cat] = await ctx.tx
    .select({ id: categories.categoryId })
    .from(categories)
    .where(and(eq(categories.shopId, 0), eq(categories.grade, 2)))
    .orderBy(asc(categories.categoryId))
    .limit(1);
  const ids: number[] = [];
  for (const [i, [zh, tw, en, icon, score, money, ref, stock, limit]] of ITEMS.entries()) {
    const pic = ctx.images.add(
      `points-mall/item-${String(i + 1).padStart(2, "0")}.svg`,
      productRenderSvg({ hue: (i * 29) % 360, icon, index: 0, variant: i }),
    );
    const [p] = await ctx.tx
      .insert(products)
      .values({
        shopId: POINTS_MALL_SHOP_ID,
        categoryId: cat!.id,
        pic,
        imgs: pic,
        price: money,
        oriPrice: ref,
        totalStocks: stock,
        status: POINTS_MALL_STATUS,
        prodType: POINTS_PROD_TYPE,
        scorePrice: score,
        scoreLimit: limit,
        putawayTime: ctx.clock.ago(20 - i),
      })
      .returning({ prodId: products.prodId });
    const brief = {
      zh: `${score} 积分${money === "0" ? "" : ` + ¥${money}`} 兑换`,
      "zh-tw": `${score} 積分${money === "0" ? "" : ` + ¥${money}`} 兌換`,
      en: `Exchange for ${score} points${money === "0" ? "" : ` + ¥${money}`}`,
    };
    await ctx.tx.insert(productTranslations).values([
      {
        prodId: p!.prodId,
        locale: "zh",
        prodName: zh,
        brief: brief.zh,
        content: `<p>${zh}：积分商城专享，自营店铺发货，7 天内发出。</p>`,
      },
      {
        prodId: p!.prodId,
        locale: "zh-tw",
        prodName: tw,
        brief: brief["zh-tw"],
        content: `<p>${tw}：積分商城專享，自營店鋪出貨，7 天內寄出。</p>`,
      },
      {
        prodId: p!.prodId,
        locale: "en",
        prodName: en,
        brief: brief.en,
        content: `<p>${en}: a points-mall exclusive, shipped by a self-operated shop within 7 days.</p>`,
      },
    ]);
    const name = { zh: "默认", "zh-tw": "預設", en: "Standard" };
    await ctx.tx.insert(skus).values({
      prodId: p!.prodId,
      skuName: name,
      properties: { zh: "", "zh-tw": "", en: "" },
      price: money,
      oriPrice: ref,
      stocks: stock,
      pic,
    });
    ids.push(p!.prodId);
  }
  return ids;
}
