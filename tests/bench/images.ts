/**
 * Pictures under load (section 15 of `npm run bench`; alone: BENCH_ONLY=images npm run bench):
 * how long the ladder of a 12 MP phone photo takes while the site serves pages (docs/image.md).
 *
 * The server (the built dist/, its image worker on, STORAGE=local) serves PAGES_PER_SEC page
 * requests a second, open loop (a request every 10 ms whether or not the last one answered:
 * home in three locales, a list, product pages, a shop) for the whole section. First a baseline
 * with pages only, then IMAGE_PICTURES photos made at run time (4000 × 3000 JPEG with EXIF, GPS
 * and orientation 6, tests/fixtures/photos.ts) are uploaded by a shop one after another: each
 * is timed from the start of its upload until every variant of its ladder (7 widths × AVIF,
 * WebP, JPEG) is on the server's disk — looked at on disk, never asked for over HTTP (a request
 * would make the variant on the spot). Budget: p95 ≤ 3 s.
 *
 * Printed: readiness p50 / p95 / max, images/s (pictures over the time they took, one after
 * another), CPU per image (the server's CPU seconds during the uploads less what the pages took
 * at the baseline's rate, per picture), peak RSS of the server during the uploads, and the pages'
 * achieved rate, p99 and failures with and without pictures in the work.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { allVariantPaths } from "../../src/server/domain/image/image-ladder.ts";
import { contentHash } from "../../src/server/domain/image/image-pipeline.ts";
import { photoJpeg } from "../fixtures/photos.ts";
import type { Row } from "./server-speed.ts";

export const IMAGE_READY_P95_BUDGET_MS = 3000;
const PAGES_PER_SEC = Number(process.env.IMAGE_PAGES_PER_SEC ?? 100);
const PICTURES = Number(process.env.IMAGE_PICTURES ?? 10);
const BASELINE_MS = 8000;
const PAGES = [
  "/",
  "/en",
  "/zh-tw",
  "/list?cpid=1",
  "/en/list?cpid=1",
  "/shopIndex?sid=1",
  ...Array.from({ length: 12 }, (_, i) => `/detail/${i + 1}`),
];

export interface ImageFigures {
  pictures: number;
  readyMs: { p50: number; p95: number; max: number; each: number[] };
  imagesPerSec: number;
  cpuSecondsPerImage: number;
  peakRssMb: number;
  pages: {
    target: number;
    baseline: { rate: number; p99: number; failed: number };
    withPictures: { rate: number; p99: number; failed: number };
  };
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** utime + stime of a process, in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the command name and state.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

/** Page requests at a fixed rate until stop(); answers the achieved rate, p99 and failures of a window. */
function pageLoad(origin: string) {
  let latencies: number[] = [];
  let failed = 0;
  let since = performance.now();
  let i = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    const p = PAGES[i++ % PAGES.length]!;
    fetch(`${origin}${p}`, { headers: { "accept-encoding": "gzip, br" }, signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
        latencies.push(performance.now() - t);
      })
      .catch(() => {
        failed++;
      });
  }, 1000 / PAGES_PER_SEC);
  return {
    /** The window since the last call: achieved rate, p99, failures. */
    window() {
      const seconds = (performance.now() - since) / 1000;
      const sorted = latencies.sort((a, b) => a - b);
      const out = {
        rate: Math.round(sorted.length / seconds),
        p99: Math.round(pct(sorted, 0.99)),
        failed,
      };
      latencies = [];
      failed = 0;
      since = performance.now();
      return out;
    },
    stop: () => clearInterval(timer),
  };
}

async function merchantToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/merchant/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
  });
  const json = (await res.json()) as { code: string; data?: { accessToken: string } };
  if (json.code !== "00000" || !json.data) throw new Error(`merchant login: ${json.code}`);
  return json.data.accessToken;
}

/** Uploads one photo as the shop and waits until its whole ladder is on disk; answers the milliseconds. */
async function uploadUntilReady(origin: string, uploadsDir: string, token: string, photo: Buffer): Promise<number> {
  const t0 = performance.now();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(photo)], "IMG_4000x3000.jpg", { type: "image/jpeg" }));
  const res = await fetch(`${origin}/api/merchant/file/upload`, {
    method: "POST",
    headers: { authorization: token },
    body: form,
  });
  const json = (await res.json()) as { code: string; msg?: string; data?: { filePath: string } };
  if (json.code !== "00000" || !json.data) throw new Error(`upload: ${json.code} ${json.msg ?? ""}`);
  const source = json.data.filePath;
  const onDisk = (p: string) => path.join(uploadsDir, p.slice("/uploads/".length));
  const stored = fs.readFileSync(onDisk(source));
  const meta = await sharp(stored).metadata();
  const variants = allVariantPaths(source, {
    width: meta.width!,
    height: meta.height!,
    color: "#000000",
    hash: contentHash(stored),
    alpha: meta.hasAlpha === true,
  }).map(onDisk);
  for (;;) {
    if (variants.every((v) => fs.existsSync(v))) return performance.now() - t0;
    if (performance.now() - t0 > 120_000) throw new Error(`${source}: variants not ready after 120 s`);
    await sleep(20);
  }
}

/** The section on a running server (`pid` for its CPU and memory, `dataDir` for its disk). */
export async function benchImages(origin: string, dataDir: string, pid: number): Promise<ImageFigures> {
  const uploadsDir = path.join(dataDir, "uploads");
  const token = await merchantToken(origin);
  // Made before any load, so the bench's own CPU does not compete with the server's.
  const photos: Buffer[] = [];
  for (let i = 0; i < PICTURES; i++)
    photos.push(await photoJpeg({ seed: i + 1, orientation: 6, gps: true, texture: true }));
  const load = pageLoad(origin);
  try {
    await sleep(1000);
    load.window();
    const cpuA = cpuSeconds(pid);
    const tA = performance.now();
    await sleep(BASELINE_MS);
    const pagesCpuPerSec = (cpuSeconds(pid) - cpuA) / ((performance.now() - tA) / 1000);
    const baseline = load.window();

    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const cpuB = cpuSeconds(pid);
    const tB = performance.now();
    const each: number[] = [];
    try {
      for (const photo of photos) each.push(Math.round(await uploadUntilReady(origin, uploadsDir, token, photo)));
    } finally {
      clearInterval(sampler);
    }
    const secondsB = (performance.now() - tB) / 1000;
    const cpuPictures = cpuSeconds(pid) - cpuB - pagesCpuPerSec * secondsB;
    const withPictures = load.window();
    const sorted = [...each].sort((a, b) => a - b);
    return {
      pictures: each.length,
      readyMs: { p50: pct(sorted, 0.5), p95: pct(sorted, 0.95), max: sorted.at(-1) ?? 0, each },
      imagesPerSec: Math.round((each.length / secondsB) * 100) / 100,
      cpuSecondsPerImage: Math.round((cpuPictures / each.length) * 100) / 100,
      peakRssMb: peak,
      pages: { target: PAGES_PER_SEC, baseline, withPictures },
    };
  } finally {
    load.stop();
  }
}

export function printImages(f: ImageFigures): void {
  console.log(
    `  ${f.pictures} photos of 12 MP (4000 × 3000 JPEG), one after another, while pages are asked at ${f.pages.target}/s`,
  );
  console.log(
    `  upload → whole ladder on disk (21 variants): p50 ${f.readyMs.p50} ms, p95 ${f.readyMs.p95} ms, max ${f.readyMs.max} ms — ${f.readyMs.p95 <= IMAGE_READY_P95_BUDGET_MS ? "within" : "OVER"} budget (p95 ≤ ${IMAGE_READY_P95_BUDGET_MS} ms)`,
  );
  console.log(
    `  ${f.imagesPerSec} images/s; CPU ${f.cpuSecondsPerImage} s per image (server CPU less the pages' share); peak RSS ${f.peakRssMb} MB`,
  );
  const w = (x: ImageFigures["pages"]["baseline"]) => `${x.rate}/s, p99 ${x.p99} ms, ${x.failed} failed`;
  console.log(`  pages alone: ${w(f.pages.baseline)}; pages with the pictures: ${w(f.pages.withPictures)}`);
}

/** The section's row (`db`: the server's database). */
export function imageRow(f: ImageFigures, db = "PGlite"): Row {
  return {
    what: `Variants of a 12 MP JPEG ready (p95), pages at ${f.pages.target}/s`,
    db,
    figure: `${f.readyMs.p95} ms (p50 ${f.readyMs.p50}); ${f.imagesPerSec} img/s, ${f.cpuSecondsPerImage} CPU s/img, RSS ${f.peakRssMb} MB`,
    budget: `≤ ${IMAGE_READY_P95_BUDGET_MS} ms`,
    within: f.readyMs.p95 <= IMAGE_READY_P95_BUDGET_MS,
    detail: { ...f },
  };
}
