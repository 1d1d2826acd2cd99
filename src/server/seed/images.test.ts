import { describe, expect, it } from "vitest";
import { ImageStore, shopLogoSvg, vectorInfo } from "./images.ts";

describe("the demo's pictures as vector originals", () => {
  it("size from the root element or its viewBox, first colour, hash of the bytes, transparency", () => {
    const opaque = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs><linearGradient id="g"><stop offset="0" stop-color="#ABC"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/></svg>`;
    const info = vectorInfo(opaque);
    expect(info).toMatchObject({ width: 800, height: 600, color: "#aabbcc", alpha: false });
    expect(info.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(vectorInfo(opaque.replace("#ABC", "#ABD")).hash).not.toBe(info.hash);
    const qr = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 27 27"><path fill="#ffffff" d="M0 0h27v27H0z"/></svg>`;
    expect(vectorInfo(qr)).toMatchObject({ width: 27, height: 27, color: "#ffffff", alpha: false });
    const round = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" rx="60" fill="#d86464"/></svg>`;
    expect(vectorInfo(round)).toMatchObject({ color: "#d86464", alpha: true });
    expect(() => vectorInfo("<svg></svg>")).toThrow();
  });

  it("every generated file is recorded under its public path", () => {
    const store = new ImageStore();
    const url = store.add("shop/s01.svg", shopLogoSvg({ word: "BLUEBAY", color: "#1e6fd9", icon: "store", shape: 0 }));
    expect(store.records()).toEqual([expect.objectContaining({ path: url, width: 200, height: 200 })]);
  });
});
