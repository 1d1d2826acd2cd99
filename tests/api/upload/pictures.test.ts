/**
 * What pages know of pictures (docs/image.md "Showing a picture"): the seed records its generated
 * SVGs as vector originals (ready, no variants); GET /api/pictures answers size, placeholder
 * colour, hash and transparency of the pictures it knows — an upload as soon as it is recorded —
 * leaves out the ones it does not (and private documents), and refuses malformed lists — missing,
 * more than 100 paths, not an upload path, control characters — in the request's language.
 */
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageInfo } from "../../../src/lib/image/ladder.ts";
import { images } from "../../../src/server/db/schema/index.ts";
import { photoJpeg } from "../../fixtures/photos.ts";
import { createTestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const SVG = "/uploads/seed/product/p0001-1.svg";

describe.skipIf(!dbReady)("pictures for pages", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const pictures = (paths: string, lang = "en") =>
    app.get<Record<string, ImageInfo>>(`/api/pictures?paths=${encodeURIComponent(paths)}`, lang);

  it("the seed's pictures are vector originals: recorded ready, sized from the SVG, with their colour", async () => {
    const rows = await app.ctx.db
      .select({ state: images.state, n: sql<number>`count(*)::int` })
      .from(images)
      .where(like(images.path, "/uploads/seed/%"))
      .groupBy(images.state);
    expect(rows).toEqual([{ state: "ready", n: expect.any(Number) }]);
    expect(rows[0]!.n).toBeGreaterThan(1000);
    const res = await pictures(`${SVG},/uploads/seed/shop/s01.svg,/uploads/never/uploaded.jpg`);
    const data = okData(res);
    expect(Object.keys(data).sort()).toEqual(["/uploads/seed/product/p0001-1.svg", "/uploads/seed/shop/s01.svg"]);
    expect(data[SVG]).toEqual({
      width: 800,
      height: 800,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      hash: expect.stringMatching(/^[0-9a-f]{12}$/),
      alpha: false,
    });
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("an upload is known as soon as it is recorded, with the size the pipeline stored", async () => {
    const { token } = await createTestUser(app, "pictures");
    const form = new FormData();
    const photo = await photoJpeg({ width: 1200, height: 900, orientation: 1, gps: false });
    form.append("file", new File([new Uint8Array(photo)], "p.jpg", { type: "image/jpeg" }));
    const up = okData(
      await app.request<{ filePath: string }>("/api/p/file/upload?folder=review", {
        method: "POST",
        headers: { Authorization: token },
        body: form,
      }),
    );
    const [row] = await app.ctx.db.select().from(images).where(eq(images.path, up.filePath));
    expect(okData(await pictures(up.filePath))[up.filePath]).toEqual({
      width: 1200,
      height: 900,
      color: row!.color,
      hash: row!.hash,
      alpha: false,
    });
  });

  it("leaves out what it does not know: unknown uploads, private documents, repeated paths", async () => {
    const res = await pictures(
      `${SVG},/uploads/review/00000000-0000-0000-0000-000000000000.jpg,/uploads/seed/identity/licence-1.png,${SVG},,`,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(okData(res))).toEqual([SVG]);
    // Only unknown ones: an empty answer, not an error.
    expect(okData(await pictures("/uploads/never/a.jpg,/uploads/never/b.webp"))).toEqual({});
  });

  it("refuses a missing, malformed or too long list in the request's language", async () => {
    const messages = {
      en: {
        empty: "Picture paths cannot be empty",
        invalid: "Picture paths is not valid",
        many: "Picture paths is out of the allowed range",
      },
      zh: { empty: "图片路径不能为空", invalid: "图片路径格式不正确", many: "图片路径超出允许范围" },
      "zh-tw": { empty: "圖片路徑不能為空", invalid: "圖片路徑格式不正確", many: "圖片路徑超出允許範圍" },
    } as const;
    const many = Array.from({ length: 101 }, (_, i) => `/uploads/seed/product/p${i}.svg`).join(",");
    for (const [lang, msg] of Object.entries(messages)) {
      const refused = async (res: Awaited<ReturnType<typeof pictures>>, text: string, what: string) => {
        expect(res.body, `${lang} ${what}`).toMatchObject({ code: "A00001", success: false, data: null });
        expect(res.body.msg, `${lang} ${what}`).toBe(text);
      };
      await refused(await app.get("/api/pictures", lang), msg.empty, "missing");
      await refused(await pictures(",,", lang), msg.empty, "only commas");
      await refused(await pictures(many, lang), msg.many, "101 paths");
      for (const bad of [
        "/etc/passwd",
        "/uploads/../x.jpg",
        "https://elsewhere.example/a.jpg",
        "/uploads/a b.jpg",
        "/uploads/a\n.jpg",
        "/uploads/a\t.jpg",
        "/uploads/a\u007f.jpg",
        `/uploads/${"a".repeat(400)}.jpg`,
      ])
        await refused(await pictures(bad, lang), msg.invalid, JSON.stringify(bad));
    }
    // A NUL is refused by the request's text check before the route, also in the request's language.
    const nul = await pictures("/uploads/a\u0000.jpg", "zh-tw");
    expect(nul.body).toMatchObject({ code: "A00001", success: false });
    expect(nul.body.msg).toMatch(/\p{Script=Han}/u);
    // 100 paths are allowed.
    const hundred = Array.from({ length: 100 }, (_, i) => `/uploads/seed/product/p${i}.svg`).join(",");
    expect((await pictures(hundred)).body.success).toBe(true);
  });
});
