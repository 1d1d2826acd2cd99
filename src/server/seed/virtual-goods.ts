/**
 * Demo virtual goods (docs/virtual-goods.md) of self-operated shop 1, on sale like any product:
 * a long-term gift card, a 30-day service voucher and a same-day ticket (non-refundable), each in
 * its own third-level category of "Cards & Services" (VOUCHER_CATEGORY).
 * Bought on their own, without an address or freight; paid orders get write-off codes.
 */
import { productTranslations, products, skus } from "../db/schema/index.ts";
import { ProdMold, WRITE_OFF_LONG_TERM, WRITE_OFF_SAME_DAY } from "../../lib/order/virtual-goods.ts";
import type { Catalog } from "./catalog.ts";
import type { SeedContext } from "./context.ts";
import type { VOUCHER_CATEGORY } from "./fixtures/categories.ts";
import type { IconKind } from "./images.ts";
import { productRenderSvg } from "./product-render.ts";

export const VIRTUAL_GOODS_SHOP_ID = 1;

interface VirtualItem {
  name: { zh: string; "zh-tw": string; en: string };
  brief: { zh: string; "zh-tw": string; en: string };
  icon: IconKind;
  /** Its third-level category (fixtures/categories.ts VOUCHER_CATEGORY). */
  category: (typeof VOUCHER_CATEGORY.leaves)[number]["key"];
  price: string;
  oriPrice: string;
  stock: number;
  writeOffTime: number;
  isRefund: 0 | 1;
}

export const VIRTUAL_ITEMS: readonly VirtualItem[] = [
  {
    name: { zh: "商城电子礼品卡 100 元", "zh-tw": "商城電子禮品卡 100 元", en: "Mall e-gift card ¥100" },
    brief: {
      zh: "长期有效，到店出示核销码使用",
      "zh-tw": "長期有效，到店出示核銷碼使用",
      en: "Valid long-term; show the code at the shop",
    },
    icon: "giftcard",
    category: "vouchers.cards.gift",
    price: "100.00",
    oriPrice: "100.00",
    stock: 500,
    writeOffTime: WRITE_OFF_LONG_TERM,
    isRefund: 1,
  },
  {
    name: { zh: "手机深度清洁保养服务券", "zh-tw": "手機深度清潔保養服務券", en: "Phone deep-clean service voucher" },
    brief: {
      zh: "付款后 30 天内到店使用",
      "zh-tw": "付款後 30 天內到店使用",
      en: "Use it at the shop within 30 days of payment",
    },
    icon: "ticket",
    category: "vouchers.cards.service",
    price: "39.00",
    oriPrice: "59.00",
    stock: 300,
    writeOffTime: 30,
    isRefund: 1,
  },
  {
    name: { zh: "数码体验馆当日门票", "zh-tw": "數碼體驗館當日門票", en: "Digital experience hall day ticket" },
    brief: {
      zh: "仅限付款当天使用，售出不退",
      "zh-tw": "僅限付款當天使用，售出不退",
      en: "Valid on the day of payment only; non-refundable",
    },
    icon: "ticket",
    category: "vouchers.cards.ticket",
    price: "25.00",
    oriPrice: "30.00",
    stock: 200,
    writeOffTime: WRITE_OFF_SAME_DAY,
    isRefund: 0,
  },
];

export async function seedVirtualGoods(ctx: SeedContext, catalog: Pick<Catalog, "byKey">): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, item] of VIRTUAL_ITEMS.entries()) {
    const pic = ctx.images.add(
      `virtual-goods/item-${i + 1}.svg`,
      productRenderSvg({ hue: (200 + i * 47) % 360, icon: item.icon, index: 0, variant: i }),
    );
    const [p] = await ctx.tx
      .insert(products)
      .values({
        shopId: VIRTUAL_GOODS_SHOP_ID,
        categoryId: catalog.byKey.get(item.category)!.id,
        pic,
        imgs: pic,
        price: item.price,
        oriPrice: item.oriPrice,
        totalStocks: item.stock,
        status: 1,
        prodType: 0,
        sevenDayReturn: 0,
        mold: ProdMold.VIRTUAL,
        writeOffTime: item.writeOffTime,
        isRefund: item.isRefund,
        putawayTime: ctx.clock.ago(3 + i),
      })
      .returning({ prodId: products.prodId });
    await ctx.tx.insert(productTranslations).values(
      (["zh", "zh-tw", "en"] as const).map((locale) => ({
        prodId: p!.prodId,
        locale,
        prodName: item.name[locale],
        brief: item.brief[locale],
        content: `<p>${item.name[locale]}</p><p>${item.brief[locale]}</p>`,
      })),
    );
    await ctx.tx.insert(skus).values({
      prodId: p!.prodId,
      skuName: { zh: "默认", "zh-tw": "預設", en: "Standard" },
      properties: { zh: "", "zh-tw": "", en: "" },
      price: item.price,
      oriPrice: item.oriPrice,
      stocks: item.stock,
      pic,
    });
    ids.push(p!.prodId);
  }
  return ids;
}
