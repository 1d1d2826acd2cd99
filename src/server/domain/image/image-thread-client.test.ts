import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeLadderInThread } from "./image-thread-client.ts";

describe("the image thread", () => {
  it("makes a picture's ladder off the main thread; a broken picture fails alone and the next one is made", async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
      .jpeg()
      .toBuffer();
    const info = { width: 400, height: 300, color: "#3366cc", hash: "0123456789ab", alpha: false };
    const wanted = [
      { width: 400, format: "avif" as const },
      { width: 160, format: "webp" as const },
      { width: 160, format: "jpg" as const },
    ];
    const made = await makeLadderInThread(jpeg, info, wanted);
    expect(made.map((v) => [v.width, v.format])).toEqual(wanted.map((v) => [v.width, v.format]));
    for (const v of made) {
      const meta = await sharp(v.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([v.width, (v.width * 3) / 4]);
    }
    await expect(makeLadderInThread(jpeg.subarray(0, 40), info, wanted)).rejects.toThrow();
    const again = await makeLadderInThread(jpeg, info, wanted.slice(1));
    expect(again).toHaveLength(2);
  });
});
