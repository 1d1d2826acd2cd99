/**
 * The main thread's side of the image thread (image-thread.ts): one worker thread per process,
 * started on the first picture, that makes a picture's ladder off the main thread's event loop.
 * The image queue (image-store.ts) hands it one picture at a time; the thread answers the
 * variants' bytes and the caller stores them. A thread that dies fails
 * the pictures in hand (the worker tries them again) and the next picture starts a new one.
 */
import { Worker } from "node:worker_threads";
import type { ImageInfo, VariantFormat } from "../../../lib/image/ladder.ts";
import type { MadeVariant } from "./image-pipeline.ts";

export interface LadderRequest {
  id: number;
  source: Uint8Array;
  info: ImageInfo;
  wanted: { width: number; format: VariantFormat }[];
}

export type LadderReply = { id: number; variants: MadeVariant[] } | { id: number; error: string };

interface Pending {
  resolve: (v: MadeVariant[]) => void;
  reject: (e: Error) => void;
}

// From the sources (tsx, vitest) the thread loads image-thread.ts through tsx; the built server
// (scripts/build-server.mjs) has it bundled beside main.mjs as image-thread.mjs.
const fromSource = import.meta.url.endsWith(".ts");
const THREAD_URL = new URL(fromSource ? "./image-thread.ts" : "./image-thread.mjs", import.meta.url);

let thread: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(err: Error): void {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function start(): Worker {
  const w = new Worker(THREAD_URL, { execArgv: fromSource ? ["--import", "tsx"] : [] });
  w.on("message", (reply: LadderReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if ("error" in reply) p.reject(new Error(reply.error));
    else p.resolve(reply.variants);
  });
  w.on("error", (err) => {
    if (thread === w) thread = null;
    failAll(err);
  });
  w.on("exit", (code) => {
    if (thread === w) thread = null;
    failAll(new Error(`image thread exited with code ${code}`));
  });
  return w;
}

/** The variants `wanted` of the stored picture `source`, made in the image thread (makeLadder). */
export function makeLadderInThread(
  source: Uint8Array,
  info: ImageInfo,
  wanted: { width: number; format: VariantFormat }[],
): Promise<MadeVariant[]> {
  thread ??= start();
  const w = thread;
  const id = nextId++;
  // Referenced while a picture is in hand (a command such as the backfill waits for it), not when idle.
  w.ref();
  return new Promise<MadeVariant[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const job: LadderRequest = { id, source, info: { ...info }, wanted };
    w.postMessage(job);
  });
}
