import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nProvider, loadLocaleResources, useTranslation } from "../../../src/islands/common/index.ts";
import { islandResources } from "../../../src/i18n/island-resources.ts";
import { translations } from "../../../src/i18n/resources.ts";
import { clientT, loadClientMessages } from "../../../src/client/i18n.ts";

describe("island i18n", () => {
  it("loads only the current locale's files of the globbed namespaces", async () => {
    const calls: string[] = [];
    const file = (path: string, data: Record<string, string>) =>
      [path, () => (calls.push(path), Promise.resolve({ default: data }))] as const;
    const files = Object.fromEntries([
      file("../../i18n/en/rules.json", { a: "A" }),
      file("../../i18n/zh/rules.json", { a: "甲" }),
      file("../../i18n/zh-tw/rules.json", { a: "甲" }),
      file("../../i18n/en/account.json", { b: "B" }),
    ]);
    expect(await loadLocaleResources(files, "en")).toEqual({ rules: { a: "A" }, account: { b: "B" } });
    expect(calls.sort()).toEqual(["../../i18n/en/account.json", "../../i18n/en/rules.json"]);
  });

  it("gives an island only its namespaces in the page locale", () => {
    const res = islandResources("en", ["cart", "rules"]);
    expect(Object.keys(res)).toEqual(["cart", "rules"]);
    expect(res.cart).toBe(translations.en.cart);
  });

  it("renders synchronously with given resources (SSR), without i18next", () => {
    function Child() {
      const { t, locale } = useTranslation();
      return createElement("span", null, `${locale}:${t("rules.prodNameEmpty")}`);
    }
    const html = renderToString(
      createElement(I18nProvider, {
        locale: "en",
        resources: { rules: { prodNameEmpty: "Product name cannot be empty" } },
        children: createElement(Child),
      }),
    );
    expect(html).toBe("<span>en:Product name cannot be empty</span>");
  });
});

describe("client translator", () => {
  it("translates per locale", async () => {
    await expect(clientT("networkError", "en")).resolves.toBe("Network connection failed, please try again later");
    await expect(clientT("serverError", "zh")).resolves.toBe("服务器出了点小差");
    await expect(clientT("error", "zh-tw")).resolves.toBe("出錯了");
  });
  it("caches the loaded messages", async () => {
    expect(loadClientMessages("en")).toBe(loadClientMessages("en"));
  });
});
