/** Words over pictures: each locale reads its own headline and caption; captions are sanitised. */
import { describe, expect, it } from "vitest";
import { buildGoodsModuleBg, buildPictureBy, buildShopSigns, buildUniversalHotspot } from "./blocks.ts";

const words = {
  headline: { zh: "新品首发", "zh-tw": "新品首發", en: "New arrivals" },
  caption: { zh: "<b>最新</b>手机<script>x()</script>", "zh-tw": "最新手機", en: "The <em>latest</em> phones" },
  align: "center",
};
const IMG = "/uploads/decoration/a.png";

describe("overlay", () => {
  it("picture_by: the slide's words in each locale, the picture per locale when given", () => {
    const df = {
      size: 1920,
      picList: [{ img: IMG, imgByLocale: { en: "/uploads/decoration/en.png" }, overlay: words }],
    };
    const zh = buildPictureBy(df, "zh")!.slides[0]!;
    expect(zh.overlay).toEqual({
      headline: "新品首发",
      captionHtml: "<b>最新</b>手机",
      align: "center",
      tone: "light",
    });
    expect(zh.img).toBe(IMG);
    expect(buildPictureBy(df, "zh-tw")!.slides[0]!.overlay!.headline).toBe("新品首發");
    const en = buildPictureBy(df, "en")!.slides[0]!;
    expect(en.overlay!.captionHtml).toBe("The <em>latest</em> phones");
    expect(en.img).toBe("/uploads/decoration/en.png");
    expect(en.alt).toBe("New arrivals");
  });

  it("no words in the locale: no overlay", () => {
    const df = { size: 1200, picList: [{ img: IMG, overlay: { headline: { zh: "", "zh-tw": "", en: "" } } }] };
    expect(buildPictureBy(df, "en")!.slides[0]!.overlay).toBeNull();
  });

  it("shop sign, hot zones and module pictures carry their words too", () => {
    expect(buildShopSigns({ bgUrl: IMG, overlay: words }, "en").overlay!.headline).toBe("New arrivals");
    const hs = buildUniversalHotspot(
      {
        size: 1200,
        imgList: [
          {
            url: IMG,
            showTitles: 1,
            overlay: { headline: words.headline, tone: "dark" },
            activeBoxs: [
              {
                type: "4",
                link: "/coupons",
                title: { zh: "领券", "zh-tw": "領券", en: "Coupons" },
                left: 0,
                top: 0,
                width: 100,
                height: 100,
              },
            ],
          },
        ],
      },
      "zh-tw",
    )!.images[0]!;
    expect(hs.showTitles).toBe(true);
    expect(hs.areas[0]!.title).toBe("領券");
    expect(hs.overlay).toMatchObject({ headline: "新品首發", tone: "dark", align: "left" });
    expect(
      buildGoodsModuleBg({ bgImg: IMG, overlay: words, goodsList: [{ id: 1, name: "x" }] }, "en")!.overlay!.headline,
    ).toBe("New arrivals");
  });
});
