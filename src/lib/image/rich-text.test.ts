import { describe, expect, it } from "vitest";
import type { ImageInfo } from "./ladder.ts";
import { richTextImageSources, richTextPictures } from "./rich-text.ts";

const photo = "/uploads/product/6f1c2d3e-1111-4222-8333-944445555666.jpg";
const info: ImageInfo = { width: 1600, height: 1200, color: "#102030", hash: "0123456789ab", alpha: false };

describe("pictures in rich text", () => {
  it("a known picture becomes the ladder's <picture>, no wider than the column; others only load lazily", () => {
    const html = `<p>a</p><p><img src="${photo}" alt="bag &amp; strap"></p><img src="/other.png" alt="">`;
    expect(richTextImageSources(html)).toEqual([photo, "/other.png"]);
    const out = richTextPictures(html, new Map([[photo, info]]), 1150);
    expect(out).toContain('<picture class="pic"><source type="image/avif" srcset="');
    expect(out).toMatch(
      /<img src="[^"]+-0123456789ab-1600\.jpg" srcset="[^"]+" sizes="1150px" width="1600" height="1200" loading="lazy" decoding="async" style="background-color:#102030" alt="bag &amp; strap">/,
    );
    expect(out).not.toContain(`src="${photo}"`);
    expect(out).toContain('<img loading="lazy" decoding="async" src="/other.png" alt="">');
  });

  it("declared sizes are kept; a vector original gets its one candidate", () => {
    const svg = "/uploads/seed/product/p0001-2.svg";
    const out = richTextPictures(
      `<img src="${svg}" alt="x" width="800" height="800">`,
      new Map([[svg, { ...info, width: 800, height: 800 }]]),
      1150,
    );
    expect(out).toBe(
      `<img src="${svg}" srcset="${svg} 800w" sizes="800px" width="800" height="800" loading="lazy" decoding="async" style="background-color:#102030" alt="x">`,
    );
  });
});
