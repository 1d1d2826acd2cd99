/**
 * The /chat island renders on the server (Astro renders islands to HTML before hydrating them):
 * it must do so without React's warnings, in particular the one a layout effect logs there
 * ("useLayoutEffect does nothing on the server").
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { islandResources } from "../../../src/i18n/island-resources.ts";
import { useIsomorphicLayoutEffect } from "../../../src/islands/common/useIsomorphicLayoutEffect.ts";
import Chat from "../../../src/islands/chat/Chat.tsx";

describe("chat island on the server", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders to HTML without any React warning", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const html = renderToString(
      createElement(Chat, {
        locale: "en",
        resources: islandResources("en", ["chat"]),
        initial: { shopId: 3, prodId: null, orderNumber: null },
        links: { base: "/en", home: "/en/" },
      }),
    );
    expect(html).toContain('data-testid="chat-guest"');
    const logged = [...errors.mock.calls, ...warnings.mock.calls].map((args) => args.map(String).join(" "));
    expect(logged.filter((l) => /useLayoutEffect/.test(l))).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("keeps the layout effect in the browser, a plain effect on the server (no document here)", async () => {
    const react = await import("react");
    expect(typeof document).toBe("undefined");
    expect(useIsomorphicLayoutEffect).toBe(react.useEffect);
    vi.stubGlobal("document", {});
    vi.resetModules();
    try {
      const fresh = await import("../../../src/islands/common/useIsomorphicLayoutEffect.ts");
      expect(fresh.useIsomorphicLayoutEffect).toBe((await import("react")).useLayoutEffect);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
