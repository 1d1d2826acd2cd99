import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { useTranslation } from "react-i18next";
import { createIslandI18n, I18nProvider, loadLocaleResources } from "../../../src/islands/common/index.ts";
import { clientT, loadClientMessages } from "../../../src/client/i18n.ts";
import { i18n as serverI18n } from "../../../src/i18n/index.ts";

describe("island i18n", () => {
  it("loads only the requested locale and namespaces", async () => {
    const res = await loadLocaleResources("en", ["client", "rules"]);
    expect(Object.keys(res).sort()).toEqual(["client", "rules"]);
    expect(res.client).toMatchObject({ error: "Error" });
  });

  it("loads every namespace of a locale by default", async () => {
    const res = await loadLocaleResources("zh-tw");
    expect(Object.keys(res)).toEqual(expect.arrayContaining(["common", "client", "rules"]));
    expect(res.client).toMatchObject({ serverError: "伺服器出了點小差" });
  });

  it("creates independent instances", () => {
    const en = createIslandI18n("en", { client: { error: "Error" } });
    const zh = createIslandI18n("zh", { client: { error: "出错了" } });
    expect(en.t("client.error")).toBe("Error");
    expect(zh.t("client.error")).toBe("出错了");
    expect(en).not.toBe(serverI18n);
  });

  it("renders synchronously with given resources (SSR)", () => {
    function Child() {
      const { t } = useTranslation();
      return createElement("span", null, t("rules.prodNameEmpty"));
    }
    const html = renderToString(
      createElement(I18nProvider, { locale: "en", resources: { rules: { prodNameEmpty: "Product name cannot be empty" } }, children: createElement(Child) }),
    );
    expect(html).toBe("<span>Product name cannot be empty</span>");
  });

  it("renders the fallback while resources load", () => {
    const html = renderToString(createElement(I18nProvider, { locale: "en", fallback: createElement("i", null, "…"), children: createElement("b", null, "x") }));
    expect(html).toBe("<i>…</i>");
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
