import { describe, expect, it } from "vitest";
import type { ImageInfo } from "./ladder.ts";
import { largestSrc, pictureView } from "./picture.ts";

const src = "/uploads/product/6f1c2d3e-1111-4222-8333-944445555666.jpg";
const photo: ImageInfo = { width: 4000, height: 3000, color: "#a1b2c3", hash: "0123456789ab", alpha: false };
const v = (w: number, f: string) => `${src}-0123456789ab-${w}.${f}`;
const ladder = (f: string) => [160, 320, 480, 640, 960, 1280, 1920].map((w) => `${v(w, f)} ${w}w`).join(", ");

describe("picture attributes", () => {
  it("a photo: AVIF then WebP sources and a JPEG img, every width of the ladder, the layout's sizes", () => {
    const { sources, img } = pictureView(src, photo, { width: 206, height: 206, sizes: "206px" });
    expect(sources).toEqual([
      { type: "image/avif", srcset: ladder("avif") },
      { type: "image/webp", srcset: ladder("webp") },
    ]);
    expect(img).toEqual({
      src: v(320, "jpg"),
      srcset: ladder("jpg"),
      sizes: "206px",
      width: 206,
      height: 206,
      loading: "lazy",
      decoding: "async",
      style: "background-color:#a1b2c3",
    });
  });

  it("never points at the stored original when the pipeline knows the picture", () => {
    const { sources, img } = pictureView(src, photo, { width: 1200, sizes: "100vw" });
    const urls = [img.src, img.srcset!, ...sources.map((s) => s.srcset)].join(" ");
    expect(urls.split(/[ ,]+/).filter((u) => u === src)).toEqual([]);
    expect(img.src).toBe(v(1280, "jpg"));
  });

  it("only the LCP picture is eager, with high priority", () => {
    expect(pictureView(src, photo, { width: 420, lcp: true }).img).toMatchObject({
      loading: "eager",
      fetchpriority: "high",
    });
    const lazy = pictureView(src, photo, { width: 420 }).img;
    expect(lazy.loading).toBe("lazy");
    expect(lazy).not.toHaveProperty("fetchpriority");
  });

  it("without a height the box keeps the picture's proportions; sizes defaults to the box width", () => {
    const { img } = pictureView(src, photo, { width: 1200 });
    expect([img.width, img.height, img.sizes]).toEqual([1200, 900, "1200px"]);
    expect(pictureView(src, null, { width: 80 }).img.height).toBe(80);
  });

  it("transparent pictures fall back to PNG, without a colour behind; small ones list their own width", () => {
    const { sources, img } = pictureView(src, { ...photo, width: 200, height: 100, alpha: true }, { width: 64 });
    expect(img.style).toBeUndefined();
    expect(img.src).toBe(v(160, "png"));
    expect(img.srcset).toBe(`${v(160, "png")} 160w, ${v(200, "png")} 200w`);
    expect(sources[0]!.srcset).toBe(`${v(160, "avif")} 160w, ${v(200, "avif")} 200w`);
  });

  it("a vector original is one candidate at every width, with its placeholder colour", () => {
    const svg = "/uploads/seed/product/p0001-1.svg";
    const view = pictureView(svg, { ...photo, width: 800, height: 800 }, { width: 206 });
    expect(view.sources).toEqual([]);
    expect(view.img).toMatchObject({
      src: svg,
      srcset: `${svg} 800w`,
      sizes: "206px",
      style: "background-color:#a1b2c3",
    });
  });

  it("a picture the pipeline does not know is shown as it is, sized, without srcset or colour", () => {
    const view = pictureView("/uploads/old/a.png", null, { width: 80, height: 80 });
    expect(view).toEqual({
      sources: [],
      img: { src: "/uploads/old/a.png", width: 80, height: 80, loading: "lazy", decoding: "async" },
    });
  });

  it("an animated picture (a chat GIF): one animated WebP source and an animated GIF img, never a still AVIF", () => {
    const gif = "/uploads/chat/6f1c2d3e-1111-4222-8333-944445555666.gif";
    const g = (w: number, f: string) => `${gif}-0123456789ab-${w}.${f}`;
    const moving: ImageInfo = { ...photo, width: 480, height: 270, animated: true };
    const { sources, img } = pictureView(gif, moving, { width: 240, height: 135 });
    expect(sources).toEqual([
      { type: "image/webp", srcset: `${g(160, "webp")} 160w, ${g(320, "webp")} 320w, ${g(480, "webp")} 480w` },
    ]);
    expect(img).toMatchObject({
      src: g(320, "gif"),
      srcset: `${g(160, "gif")} 160w, ${g(320, "gif")} 320w, ${g(480, "gif")} 480w`,
      style: "background-color:#a1b2c3",
    });
    expect(largestSrc(gif, moving)).toBe(g(480, "gif"));
  });

  it("a colour that is not #rrggbb is not written into the style", () => {
    expect(pictureView(src, { ...photo, color: "red;x:y" }, { width: 80 }).img.style).toBeUndefined();
  });

  it("the full-size link is the largest served copy", () => {
    expect(largestSrc(src, photo)).toBe(v(1920, "jpg"));
    expect(largestSrc(src, { ...photo, width: 700 })).toBe(v(700, "jpg"));
    expect(largestSrc(src, null)).toBe(src);
    expect(largestSrc("/uploads/seed/a.svg", photo)).toBe("/uploads/seed/a.svg");
  });
});
