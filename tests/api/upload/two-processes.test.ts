/**
 * Uploads across real server processes (docs/operations.md "Uploads", STORAGE=database): two
 * processes of the built server (dist/node/main.mjs, what `npm run serve` runs), each with a data
 * directory of its own, on one PostgreSQL test database. A photo uploaded through process A is
 * served by process B byte for byte (the pipeline's upright copy without metadata), its variants
 * by both with their types and immutable caching, and nothing of it is on either disk. Process A's /metrics
 * (METRICS_TOKEN) shows its statements moving with the upload, and its log has the upload's access
 * line. PostgreSQL only; needs the build (`npm test` builds first): without it the test is skipped
 * with a warning, and fails when CI is set.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { images } from "../../../src/server/db/schema/index.ts";
import { variantPath } from "../../../src/lib/image/ladder.ts";
import { photoJpeg } from "../../fixtures/photos.ts";
import { createTestApp, dbDriver, dbReady, metricValue, type TestApp } from "../helpers.ts";

const BUNDLE = path.resolve("dist/node/main.mjs");
const built = fs.existsSync(BUNDLE) && fs.existsSync(path.resolve("dist/server/entry.mjs"));
if (dbReady && dbDriver === "pg" && !built) {
  if (process.env.CI) throw new Error(`[api-pg] ${BUNDLE} is missing: build first (npm run build); CI requires it`);
  console.warn(`\n[api-pg] WARNING: ${BUNDLE} is missing (npm run build): the two-process upload test is SKIPPED.\n`);
}

const TOKEN = "two-processes-metrics-token";
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  base: string;
  dataDir: string;
  output: string[];
}

/** Starts the built server on `databaseUrl` with its own data directory; resolves once it is ready. */
async function startServer(databaseUrl: string, dataDir: string): Promise<Proc> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [BUNDLE], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STORAGE: "database",
      AUTO_SEED: "0",
      JOBS: "0",
      METRICS_TOKEN: TOKEN,
      PAYMENT_SECRET: "two-processes-payment-secret",
      LOG_LEVEL: "info",
      SHUTDOWN_GRACE_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join("")}`);
    if (Date.now() - started > 60_000) throw new Error(`server did not get ready:\n${output.join("")}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base, dataDir, output };
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stop(p: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    const kill = setTimeout(() => p.child.kill("SIGKILL"), 15_000);
    p.child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    p.child.kill("SIGTERM");
  });
}

describe.skipIf(!dbReady || dbDriver !== "pg" || !built)("uploads across two real server processes", () => {
  let app: TestApp;
  let tmp: string;
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    app = await createTestApp();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mall-two-procs-"));
    [a, b] = await Promise.all([
      startServer(app.ctx.config.databaseUrl!, path.join(tmp, "a")),
      startServer(app.ctx.config.databaseUrl!, path.join(tmp, "b")),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await app?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("a picture uploaded through process A is served by process B; A's metrics and access log show the upload", async () => {
    const token = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: "user",
      userId: DEMO_USER.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const scrape = async () => {
      const res = await fetch(`${a.base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const inserts = 'mall_db_query_duration_seconds_count{operation="insert"}';
    const before = await scrape();

    const photo = await photoJpeg({ width: 1600, height: 1200, orientation: 6, gps: true });
    const form = new FormData();
    form.append("file", new File([new Uint8Array(photo)], "IMG_0002.JPG", { type: "image/jpeg" }));
    const res = await fetch(`${a.base}/api/p/file/upload?folder=review`, {
      method: "POST",
      headers: { Authorization: token, "X-Request-Id": "two-procs-upload-1" },
      body: form,
    });
    const body = (await res.json()) as { success: boolean; data: { filePath: string } };
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    const { filePath } = body.data;
    expect(filePath).toMatch(/^\/uploads\/review\/[0-9a-f-]{36}\.jpg$/);

    const served: Buffer[] = [];
    for (const p of [b, a]) {
      const got = await fetch(`${p.base}${filePath}`);
      expect(got.status, p.base).toBe(200);
      expect(got.headers.get("content-type")).toBe("image/jpeg");
      served.push(Buffer.from(await got.arrayBuffer()));
    }
    expect(served[0]).toEqual(served[1]);
    // Upright and without metadata (the pipeline's copy), the same in both processes.
    const meta = await sharp(served[0]!).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([1200, 1600, undefined, undefined]);
    // Its variants, made by either process's worker or on request, are served by both with their
    // types and a year's immutable cache.
    const [row] = await app.ctx.db.select().from(images).where(eq(images.path, filePath));
    for (const [p, format, type] of [
      [b, "avif", "image/avif"],
      [a, "webp", "image/webp"],
      [b, "jpg", "image/jpeg"],
    ] as const) {
      const got = await fetch(`${p.base}${variantPath(filePath, row!.hash, 480, format)}`);
      expect(got.status, format).toBe(200);
      expect(got.headers.get("content-type")).toBe(type);
      expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).width).toBe(480);
    }
    // The bytes live in the shared database only: neither data directory holds them.
    for (const p of [a, b]) expect(fs.existsSync(path.join(p.dataDir, "uploads", "review")), p.dataDir).toBe(false);

    const after = await scrape();
    expect(metricValue(after, inserts)).toBeGreaterThan(metricValue(before, inserts));
    expect(metricValue(after, "mall_db_pool_connections")).toBe(10);
    expect(after).toMatch(/^mall_db_pool_idle \d+$/m);

    // The access line of the upload (JSON lines on standard output; written at the end of a turn).
    await new Promise((r) => setTimeout(r, 100));
    const line = a.output
      .join("")
      .split("\n")
      .filter((l) => l.includes('"two-procs-upload-1"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === "request");
    expect(line).toMatchObject({
      level: "info",
      reqId: "two-procs-upload-1",
      method: "POST",
      route: "/api/p/file/upload",
      status: 200,
    });
    expect(JSON.stringify(line)).not.toContain("folder=review");
  });
});
