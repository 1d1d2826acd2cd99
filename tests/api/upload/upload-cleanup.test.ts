/**
 * The clean-up of unused uploads (domain/upload/upload-cleanup.ts): files of upload_owners older
 * than the age that no table mentions are removed from the storage (the local folder and the
 * database's stored_files) and from upload_owners; used and recent ones stay. Files under an
 * upload's name that upload_owners does not know go the same way, by the file's own age; the
 * seed's named pictures and other names never. Runs as a job.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgType } from "../../../src/lib/chat/chat.ts";
import { images, jobs, storedFiles, uploadOwners, users } from "../../../src/server/db/schema/index.ts";
import { runDueJobs } from "../../../src/server/domain/jobs/jobs.ts";
import {
  cleanUnusedUploads,
  scheduleUploadCleanup,
  setUploadCleanupDeps,
  UPLOAD_CLEANUP_JOB,
} from "../../../src/server/domain/upload/upload-cleanup.ts";
import { recordUploadOwner } from "../../../src/server/domain/upload/upload-owner.ts";
import { DatabaseFileStorage, type FileStorage } from "../../../src/server/providers/storage.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { variantPath } from "../../../src/lib/image/ladder.ts";
import { drainImages } from "../../../src/server/domain/image/image-worker.ts";
import { createTestApp, dbReady, okData, PNG_1X1, type TestApp } from "../helpers.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const DAY = 86_400_000;

describe.skipIf(!dbReady)("uploads: clean-up of unused files", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;

  const upload = async (folder: string, route = "/p/file/upload") => {
    const form = new FormData();
    form.append("file", new File([PNG_1X1], "x.png", { type: "image/png" }));
    return okData(
      await app.request<{ filePath: string }>(`/api${route}?folder=${folder}`, {
        method: "POST",
        headers: { Authorization: alice.token },
        body: form,
      }),
    ).filePath;
  };
  const onDisk = (p: string) => fs.existsSync(path.join(app.ctx.config.dataDir, p));
  const age = (paths: string[], ms: number) =>
    app.ctx.db
      .update(uploadOwners)
      .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
      .where(inArray(uploadOwners.path, paths));
  const recorded = async (paths: string[]) =>
    (await app.ctx.db.select().from(uploadOwners).where(inArray(uploadOwners.path, paths))).map((r) => r.path).sort();

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "cleaner");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("local storage: removes old unused files only; used ones (avatar, chat) and recent ones stay", async () => {
    const avatar = await upload("avatar");
    okData(
      await call("/p/user/setUserInfo", { method: "PUT", user: alice, body: { nickName: "C", avatarUrl: avatar } }),
    );
    const chat = await upload("chat", "/p/file/uploadImFile");
    okData(await call("/p/chat/messages", { user: alice, body: { shopId: 1, msgType: MsgType.IMAGE, content: chat } }));
    const unused = await upload("review");
    const recent = await upload("refund");
    await age([avatar, chat, unused], 2 * DAY);

    // The picture's variants go with it (the table images records them; it does not use them).
    const [pic] = await app.ctx.db.select().from(images).where(eq(images.path, unused));
    const variant = variantPath(unused, pic!.hash, 1, "webp");
    await drainImages(app.ctx.db, app.ctx.storage);
    expect(onDisk(variant)).toBe(true);
    const removed = await cleanUnusedUploads(app.ctx.db, app.ctx.storage, new Date(Date.now() - DAY));
    expect(removed).toEqual([unused]);
    expect(onDisk(unused)).toBe(false);
    expect(onDisk(variant)).toBe(false);
    expect(await app.ctx.db.select().from(images).where(eq(images.path, unused))).toEqual([]);
    for (const p of [avatar, chat, recent]) expect(onDisk(p), p).toBe(true);
    expect(await recorded([avatar, chat, unused, recent])).toEqual([avatar, chat, recent].sort());
    // The avatar is freed once nothing uses it any more.
    await app.ctx.db.update(users).set({ pic: null }).where(eq(users.userId, alice.userId));
    expect(await cleanUnusedUploads(app.ctx.db, app.ctx.storage, new Date(Date.now() - DAY))).toEqual([avatar]);
    expect(onDisk(avatar)).toBe(false);
  });

  it("database storage: the stored_files row goes with it; a path some table mentions stays", async () => {
    const storage = new DatabaseFileStorage(app.ctx.db);
    const owner = { userId: alice.userId, shopId: null };
    const used = await storage.save(PNG, "png", "review");
    const unused = await storage.save(PNG, "png", "review");
    await recordUploadOwner(app.ctx.db, used, owner, PNG.length);
    await recordUploadOwner(app.ctx.db, unused, owner, PNG.length);
    await app.ctx.db.update(users).set({ pic: used }).where(eq(users.userId, alice.userId));
    await age([used, unused], 2 * DAY);
    expect(await cleanUnusedUploads(app.ctx.db, storage, new Date(Date.now() - DAY))).toEqual([unused]);
    expect(await storage.exists(unused)).toBe(false);
    expect(await storage.exists(used)).toBe(true);
    const left = await app.ctx.db.select({ p: storedFiles.path }).from(storedFiles);
    expect(left.map((r) => r.p)).toContain(used);
    expect(left.map((r) => r.p)).not.toContain(unused);
  });

  /** Files stored without an upload_owners row, as before that table existed: old and unused, old and used, recent, and old under other names. */
  async function unrecorded(storage: FileStorage, ageFile: (paths: string[]) => Promise<void>) {
    const oldUnused = await storage.save(PNG, "png", "review");
    const oldUsed = await storage.save(PNG, "png", "avatar");
    const recent = await storage.save(PNG, "png", "chat");
    const named = "/uploads/review/by-hand.png";
    const seed = "/uploads/seed/p/orphan-test.png";
    await storage.put(named, PNG);
    await storage.put(seed, PNG);
    await ageFile([oldUnused, oldUsed, named, seed]);
    // Another buyer's avatar mentions it (alice's keeps what the tests above left there).
    const bob = await createTestUser(app, `keeper-${storage.kind}`);
    await app.ctx.db.update(users).set({ pic: oldUsed }).where(eq(users.userId, bob.userId));
    const removed = await cleanUnusedUploads(app.ctx.db, storage, new Date(Date.now() - DAY));
    expect(removed).toEqual([oldUnused]);
    expect(await storage.exists(oldUnused)).toBe(false);
    for (const p of [oldUsed, recent, named, seed]) expect(await storage.exists(p), p).toBe(true);
    expect(await recorded([oldUnused, oldUsed, recent])).toEqual([]);
  }

  it("files nobody recorded (local storage): removed by the file's age once unused; other names never", async () => {
    await unrecorded(app.ctx.storage, async (paths) => {
      const old = new Date(Date.now() - 2 * DAY);
      for (const p of paths) fs.utimesSync(path.join(app.ctx.config.dataDir, p), old, old);
    });
  });

  it("files nobody recorded (database storage): the same by the stored_files row's age", async () => {
    await unrecorded(new DatabaseFileStorage(app.ctx.db), async (paths) => {
      await app.ctx.db
        .update(storedFiles)
        .set({ createdAt: sql`now() - interval '2 days'` })
        .where(inArray(storedFiles.path, paths));
    });
  });

  it("runs as a recurring job: scheduled once, reschedules itself an hour later", async () => {
    const unused = await upload("review");
    await age([unused], 3 * DAY);
    setUploadCleanupDeps(() => ({ storage: () => app.ctx.storage, maxAgeMs: DAY }));
    const now = new Date();
    await scheduleUploadCleanup(app.ctx.db, now);
    await scheduleUploadCleanup(app.ctx.db, new Date(now.getTime() + 5 * DAY)); // a pending job keeps its time
    const summary = await runDueJobs(app.ctx.db, now);
    expect(summary.failed).toBe(0);
    expect(onDisk(unused)).toBe(false);
    const [job] = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, UPLOAD_CLEANUP_JOB));
    expect(job).toMatchObject({ doneAt: null, attempts: 0 });
    expect(job!.dueAt.getTime()).toBe(now.getTime() + 3600_000);
  });
});
