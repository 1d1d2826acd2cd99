import { describe, expect, it } from "vitest";
import { createTranslator, intlLocale } from "./translate.ts";
import { translations } from "../i18n/resources.ts";

describe("createTranslator", () => {
  const res = {
    cart: {
      page: { title: "Cart", deleteOne: "Delete {{name}}?", n_one: "{{count}} item", n_other: "{{count}} items" },
    },
  };

  it("looks up nested keys and interpolates", () => {
    const t = createTranslator("en", res);
    expect(t("cart.page.title")).toBe("Cart");
    expect(t("cart.page.deleteOne", { name: "Tea" })).toBe("Delete Tea?");
    expect(t("cart.page.deleteOne", {})).toBe("Delete {{name}}?");
  });

  it("picks plural forms with Intl.PluralRules", () => {
    const t = createTranslator("en", res);
    expect(t("cart.page.n" as never, { count: 1 })).toBe("1 item");
    expect(t("cart.page.n" as never, { count: 3 })).toBe("3 items");
    // Chinese has only "other"
    expect(createTranslator("zh", res)("cart.page.n" as never, { count: 1 })).toBe("1 items");
  });

  it("gives the default value, else the key, for a missing key", () => {
    const t = createTranslator("en", res);
    expect(t("cart.page.nope" as never)).toBe("cart.page.nope");
    expect(t("cart.page.nope" as never, { defaultValue: "x" })).toBe("x");
    expect(t("cart.page" as never)).toBe("cart.page");
  });

  it("reads the real resources like the server's i18next", async () => {
    const { getT } = await import("../i18n/index.ts");
    for (const locale of ["zh", "zh-tw", "en"] as const) {
      const t = createTranslator(locale, { cart: translations[locale].cart });
      expect(t("cart.page.deleteOne", { name: "X" })).toBe(getT(locale)("cart.page.deleteOne", { name: "X" }));
      expect(t("cart.page.title")).toBe(getT(locale)("cart.page.title"));
    }
    expect(intlLocale("zh-tw")).toBe("zh-TW");
  });
});
