/**
 * The product card of lists, search and shop pages: a product without stock stays listed and
 * reads "sold out" over its picture, in the page's language; one with stock does not.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import { getT } from "../../i18n/index.ts";
import type { ProductCard as Card } from "../../lib/catalog/product-types.ts";
import type { Locale } from "../../lib/locale.ts";
import ProductCard from "./ProductCard.astro";

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const card = (totalStocks: number): Card => ({
  prodId: 7,
  prodName: "Mug",
  brief: "",
  price: "12.30",
  oriPrice: "15.00",
  pic: "/uploads/p/7.svg",
  shopId: 1,
  shopName: "Shop",
  shopType: 1,
  soldNum: 3,
  commentNum: 0,
  totalStocks,
  putawayTime: "2026-11-01T00:00:00.000Z",
});
const render = (c: Card, locale: Locale) =>
  container.renderToString(ProductCard, {
    props: { card: c },
    locals: { locale, t: getT(locale), pathNoLocale: "/" },
  });

describe("ProductCard", () => {
  it("reads sold out when no stock is left, in three languages", async () => {
    for (const [locale, text] of [
      ["zh", "已售罄"],
      ["zh-tw", "已售罄"],
      ["en", "Sold out"],
    ] as const) {
      const html = await render(card(0), locale);
      expect(html).toContain('data-sold-out="1"');
      expect(html).toMatch(new RegExp(`data-testid="card-sold-out"[^>]*>\\s*${text}\\s*<`));
    }
  });
  it("says nothing of stock while some is left", async () => {
    const html = await render(card(5), "en");
    expect(html).not.toContain("data-sold-out");
    expect(html).not.toContain("Sold out");
  });
});
