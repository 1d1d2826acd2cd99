/**
 * What pages know of pictures (docs/image.md "Showing a picture"): the seed records its generated
 * SVGs as vector originals (ready, no variants); GET /api/pictures answers size, placeholder
 * colour, hash and transparency of the pictures it knows — an upload as soon as it is recorded —
 * leaves out the ones it does not, and refuses malformed lists in the request's language.
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

  it("refuses a missing, malformed or too long list in the request's language", async () => {
    const missing = await app.get("/api/pictures", "en");
    expect(missing.body).toMatchObject({ code: "A00001", success: false });
    expect(missing.body.msg).toMatch(/cannot be empty/);
    const zh = await pictures("/etc/passwd", "zh");
    expect(zh.body).toMatchObject({ code: "A00001", success: false });
    expect(zh.body.msg).toMatch(/\p{Script=Han}/u);
    for (const bad of ["/uploads/../x.jpg", "https://elsewhere.example/a.jpg"])
      expect((await pictures(bad)).body.success, bad).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => `/uploads/seed/product/p${i}.svg`).join(",");
    expect((await pictures(many)).body.success).toBe(false);
  });
});
