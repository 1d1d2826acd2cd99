import { describe, expect, it } from "vitest";
import { noticeShownUnder, toNoticeItem } from "./notice.ts";

describe("toNoticeItem", () => {
  it("localizes the title and gives an ISO publish time", () => {
    const r = {
      id: 7,
      shopId: 0,
      title: { zh: "公告", "zh-tw": "公告繁", en: "Notice" },
      publishTime: new Date("2024-05-01T08:00:00Z"),
      isTop: 1,
    };
    expect(toNoticeItem(r, "en")).toEqual({
      id: 7,
      shopId: 0,
      title: "Notice",
      publishTime: "2024-05-01T08:00:00.000Z",
      isTop: 1,
    });
    expect(toNoticeItem(r, "zh-tw").title).toBe("公告繁");
  });
});

describe("noticeShownUnder", () => {
  it("without a shopId any notice shows", () => {
    expect(noticeShownUnder(0, null)).toBe(true);
    expect(noticeShownUnder(3, null)).toBe(true);
    expect(noticeShownUnder(3, "")).toBe(true);
  });

  it("with a shopId only a notice of that shop (0: the platform's)", () => {
    expect(noticeShownUnder(3, "3")).toBe(true);
    expect(noticeShownUnder(0, "0")).toBe(true);
    expect(noticeShownUnder(3, "4")).toBe(false);
    expect(noticeShownUnder(0, "1")).toBe(false);
    expect(noticeShownUnder(3, "0")).toBe(false);
    for (const bad of ["abc", "-3", "3.0", " 3", "1234567890"]) expect(noticeShownUnder(3, bad), bad).toBe(false);
  });
});
