import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  isInStock,
  organizationJsonLd,
  plainText,
  productJsonLd,
  searchUrlTemplate,
  serializeJsonLd,
  storeJsonLd,
  websiteJsonLd,
  type ProductSeoInput,
} from "./seo.ts";

const url = "https://mall.example/en/detail/7";
const base: ProductSeoInput = {
  prodId: 7,
  prodName: "Tea <b>cup</b>",
  brief: "",
  content: "<p>Fine &amp; <strong>thin</strong> porcelain</p><script>alert(1)</script>",
  pic: "/uploads/p7.png",
  imgs: ["/uploads/p7.png", "/uploads/p7-2.png"],
  price: "12.3",
  totalStocks: 5,
  status: 1,
  commentNum: 0,
  brand: { brandName: "Acme" },
  shop: { shopName: "Acme Store" },
  skuList: [{ skuId: 1, price: "12.30", stocks: 5, status: 1 }],
};

describe("productJsonLd", () => {
  it("builds a Product with an Offer in CNY, absolute images, brand and sku", () => {
    const ld = productJsonLd(base, { url, siteName: "Mall" });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Tea <b>cup</b>",
      sku: "7",
      image: ["https://mall.example/uploads/p7.png", "https://mall.example/uploads/p7-2.png"],
      description: "Fine & thin porcelain",
      brand: { "@type": "Brand", name: "Acme" },
      offers: {
        "@type": "Offer",
        price: "12.30",
        priceCurrency: "CNY",
        availability: "https://schema.org/InStock",
        url,
      },
    });
    expect(ld).not.toHaveProperty("aggregateRating");
  });

  it("is OutOfStock when nothing is left or the product is off sale", () => {
    const empty = { ...base, totalStocks: 0, skuList: [{ skuId: 1, price: "1", stocks: 0, status: 1 }] };
    expect((productJsonLd(empty, { url, siteName: "M" }).offers as { availability: string }).availability).toBe(
      "https://schema.org/OutOfStock",
    );
    expect(isInStock({ ...base, status: 0 })).toBe(false);
    expect(isInStock({ status: 1, totalStocks: 3, skuList: [] })).toBe(true);
  });

  it("uses an AggregateOffer when on-sale SKUs have different prices", () => {
    const ld = productJsonLd(
      {
        ...base,
        skuList: [
          { skuId: 1, price: "9.9", stocks: 1, status: 1 },
          { skuId: 2, price: "19", stocks: 0, status: 1 },
          { skuId: 3, price: "1", stocks: 1, status: 0 },
        ],
      },
      { url, siteName: "M", currency: "USD" },
    );
    expect(ld.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "9.90",
      highPrice: "19.00",
      offerCount: 2,
      priceCurrency: "USD",
    });
  });

  it("adds aggregateRating only when the product has reviews", () => {
    const rating = { positiveRating: 96.4, number: 25 };
    expect(productJsonLd(base, { url, siteName: "M", rating })).not.toHaveProperty("aggregateRating");
    expect(productJsonLd({ ...base, commentNum: 25 }, { url, siteName: "M", rating }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 96,
      bestRating: 100,
      worstRating: 0,
      reviewCount: 25,
    });
  });

  it("drops empty fields (no brand, no images)", () => {
    const ld = productJsonLd({ ...base, brand: null, pic: "", imgs: [] }, { url, siteName: "M" });
    expect(ld).not.toHaveProperty("brand");
    expect(ld).not.toHaveProperty("image");
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the items from 1 and skips empty names", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Home", url: "https://m/" },
        { name: " " },
        { name: "Phones", url: "https://m/list?cpid=1" },
        { name: "X" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://m/" },
        { "@type": "ListItem", position: 2, name: "Phones", item: "https://m/list?cpid=1" },
        { "@type": "ListItem", position: 3, name: "X" },
      ],
    });
  });
});

describe("storeJsonLd / organizationJsonLd / websiteJsonLd", () => {
  it("describes a store with logo and a 0-5 rating", () => {
    const ld = storeJsonLd(
      { shopId: 3, shopName: "S", shopLogo: "/uploads/s.png", intro: "<p>Hi</p>", rating: 4.86 },
      "https://m/shopIndex?sid=3",
    );
    expect(ld).toMatchObject({
      "@type": "Store",
      name: "S",
      url: "https://m/shopIndex?sid=3",
      logo: "https://m/uploads/s.png",
      description: "Hi",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.9, bestRating: 5 },
    });
    expect(storeJsonLd({ shopId: 3, shopName: "S", rating: 0 }, "https://m/")).not.toHaveProperty("aggregateRating");
  });

  it("website search action points at /list?pn= of the locale", () => {
    const ld = websiteJsonLd({ name: "Mall", url: "https://m.example/en/" });
    expect(ld.potentialAction).toEqual({
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: "https://m.example/en/list?pn={search_term_string}" },
      "query-input": "required name=search_term_string",
    });
    expect(
      (
        websiteJsonLd({ name: "Mall", url: "https://m.example/" }).potentialAction as {
          target: { urlTemplate: string };
        }
      ).target.urlTemplate,
    ).toBe("https://m.example/list?pn={search_term_string}");
    expect(searchUrlTemplate("https://m.example/", "zh-tw")).toBe(
      "https://m.example/zh-tw/list?pn={search_term_string}",
    );
    expect(organizationJsonLd({ name: "Mall", url: "https://m.example/", logo: "/uploads/logo.png" })).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Mall",
      url: "https://m.example/",
      logo: "https://m.example/uploads/logo.png",
    });
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element and still parses to the same value", () => {
    const data = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("helpers", () => {
  it("absoluteUrl and plainText", () => {
    expect(absoluteUrl("/a.png", "https://m/x/y")).toBe("https://m/a.png");
    expect(absoluteUrl("https://cdn/a.png", "https://m/")).toBe("https://cdn/a.png");
    expect(absoluteUrl("", "https://m/")).toBe("");
    expect(plainText("<p>a&nbsp;b</p>\n<p>c</p>")).toBe("a b c");
    expect(plainText("x".repeat(400), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
