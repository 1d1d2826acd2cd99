/**
 * The image backfill (`npm run ops -- image-backfill`, docs/image.md "Backfill"): pictures stored
 * before the pipeline existed (as they came: EXIF, GPS, turned by their orientation) are recorded
 * and get their ladder of variants, with a progress bar. Stopped part-way (--limit), it goes on
 * where it was, including a picture a killed run left half made; a run with nothing left makes
 * nothing. Private documents and files that are not pictures are left alone.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../../../src/server/db/schema/index.ts";
import { ladderWidths, variantPath } from "../../../src/lib/image/ladder.ts";
import { allVariantPaths } from "../../../src/server/domain/image/image-ladder.ts";
import { photoJpeg, photoPng } from "../../fixtures/photos.ts";
import { opsCli, type OpsResult } from "../ops-helpers.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("image backfill (ops CLI)", () => {
  let app: TestApp;
  let dir: string;
  let ops: (...argv: string[]) => Promise<OpsResult>;
  const progress: string[] = [];
  let legacy: string[];
  let privateDoc: string;
  let broken: string;

  beforeAll(async () => {
    app = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "mall-backfill-"));
    ops = opsCli(app, dir, {
      openDb: async () => ({
        db: app.ctx.db,
        driver: app.ctx.database.driver,
        storage: app.ctx.storage,
        close: async () => {},
      }),
      progress: (line) => progress.push(line),
    });
    // Pictures the seed or other tests left for the worker are not this test's.
    await app.ctx.db.update(images).set({ state: "ready" }).where(eq(images.state, "pending"));
    const { storage } = app.ctx;
    // Stored as they came, before the pipeline: no row in images.
    legacy = [
      await storage.save(await photoJpeg({ width: 1000, height: 750, orientation: 6, gps: true }), "jpg", "review"),
      await storage.save(await photoPng(700, 400, true), "png", "avatar"),
      await storage.save(await photoJpeg({ width: 500, height: 500, orientation: 1, seed: 5 }), "jpg", "refund"),
    ];
    privateDoc = await storage.save(await photoJpeg({ width: 600, height: 400, orientation: 1 }), "jpg", "identity");
    broken = await storage.save(Buffer.from("not a picture at all"), "jpg", "review");
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const rows = () =>
    app.ctx.db
      .select()
      .from(images)
      .where(inArray(images.path, [...legacy, privateDoc, broken]));
  const exists = (p: string) => app.ctx.storage.exists(p);

  it("records the old pictures, stops after --limit and goes on where it was; a second run makes nothing", async () => {
    const first = await ops("image-backfill", "--limit", "1");
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/3 recorded, 1 made, 0 failed, 1 not readable — stopped; run it again to go on$/);
    expect(progress.some((l) => /^\[#+-*\] \d+\/\d+ +\d+%  variants/.test(l))).toBe(true);
    expect(progress.some((l) => /^\[#+-*\] \d+\/\d+ +\d+%  looking/.test(l))).toBe(true);
    let recorded = await rows();
    expect(recorded.map((r) => r.path).sort()).toEqual([...legacy].sort());
    expect(recorded.filter((r) => r.state === "ready")).toHaveLength(1);
    // The photo turned by its EXIF is recorded upright (portrait).
    expect(recorded.find((r) => r.path === legacy[0])).toMatchObject({ width: 750, height: 1000, alpha: false });
    expect(recorded.find((r) => r.path === legacy[1])).toMatchObject({ width: 700, height: 400, alpha: true });

    // A run killed in the middle of a picture: claimed long ago, some of its variants made.
    const half = recorded.find((r) => r.state === "pending")!;
    const someVariant = variantPath(half.path, half.hash, 160, "avif");
    await app.ctx.storage.put(someVariant, Buffer.from("made before the kill"));
    await app.ctx.db
      .update(images)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000), attempts: 1 })
      .where(eq(images.path, half.path));

    const second = await ops("image-backfill");
    expect(second.code, second.err).toBe(0);
    expect(second.out).toMatch(/0 recorded, 2 made, 0 failed, 1 not readable$/);
    recorded = await rows();
    expect(recorded.every((r) => r.state === "ready")).toBe(true);
    for (const r of recorded) for (const p of allVariantPaths(r.path, r)) expect(await exists(p), p).toBe(true);
    // What the killed run made is kept, not made again.
    expect((await app.ctx.storage.read(someVariant))?.size).toBe("made before the kill".length);

    // The variants of the old EXIF photo: upright, every width up to its own, no metadata.
    const photo = recorded.find((r) => r.path === legacy[0])!;
    expect(ladderWidths(photo.width)).toEqual([160, 320, 480, 640, 750]);
    const file = await app.ctx.storage.read(variantPath(photo.path, photo.hash, 640, "jpg"));
    const chunks: Buffer[] = [];
    for await (const c of await file!.stream()) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([640, 853, undefined, undefined]);

    // Private documents and files that are not pictures get nothing.
    expect(await exists(variantPath(privateDoc, "0123456789ab", 160, "avif"))).toBe(false);

    const total = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(images))[0]!.n;
    const before = await total();
    progress.length = 0;
    const third = await ops("image-backfill", "--json");
    expect(third.code).toBe(0);
    expect(JSON.parse(third.out)).toEqual({ recorded: 0, unreadable: 1, built: 0, failed: 0, stopped: false });
    expect(progress.some((l) => l.includes("variants"))).toBe(false);
    expect(await total()).toBe(before);
  }, 180_000);
});
