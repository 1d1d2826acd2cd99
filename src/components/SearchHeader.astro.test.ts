/**
 * The search header's keyword box, rendered with Astro's container API: on the shop list and the
 * goods list it shows the searched words; on the 400 page (a control character in the query,
 * src/server/main.ts) it shows nothing of the refused address.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getT } from "../i18n/index.ts";
import SearchHeader from "./SearchHeader.astro";

vi.mock("./site-data.ts", () => ({
  loadHotWords: () => Promise.resolve({ goods: [], shops: [] }),
  loadSite: () => Promise.resolve({ config: { pcLogoImg: "" }, texts: {} }),
  siteBrand: (_texts: unknown, fallback: string) => fallback,
}));

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const box = async (pathNoLocale: string, badRequest?: boolean) => {
  const html = await container.renderToString(SearchHeader, {
    props: {},
    locals: { locale: "en", t: getT("en"), pathNoLocale, ...(badRequest ? { badRequest, notFound: true } : {}) },
  });
  const input = /<input[^>]*type="search"[^>]*>/.exec(html)?.[0] ?? /<input[^>]*name="[^"]*"[^>]*>/.exec(html)![0];
  return { input, html };
};

describe("SearchHeader", () => {
  it("shows the searched words on the lists", async () => {
    expect((await box("/shopList?shopName=tea%20house")).input).toContain('value="tea house"');
    expect((await box("/list?pn=green")).input).toContain('value="green"');
  });

  it("shows nothing of the query on the 400 page", async () => {
    for (const url of ["/shopList?shopName=x%00%0AFORGED4", "/list?pn=abc%00def", "/list?pn=%3Cb%3E%0D"]) {
      const { input, html } = await box(url, true);
      expect(input, url).not.toMatch(/value="[^"]+"/);
      for (const word of ["FORGED4", "abc", "def", "&lt;b&gt;"]) expect(html, url).not.toContain(word);
    }
  });
});
