import { describe, expect, it } from "vitest";
import { toNoticeItem } from "./notice.ts";

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
