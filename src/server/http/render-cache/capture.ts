/**
 * Response capture: Astro renders into a CaptureResponse (an in-memory ServerResponse stand-in),
 * so the uncompressed body and the headers Astro set (status, content type, its CSP) are kept as
 * they are; the real response is then written in one go. A captured response is stored only when
 * its status is 200 or 404, it sets no cookie, is not marked private/no-store, and is not already
 * encoded.
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";

export interface CapturedResponse {
  status: number;
  statusMessage: string;
  /** Header name (lower case) → value, as the handler set them. */
  headers: Map<string, string | string[]>;
  body: Buffer;
}

/**
 * A stand-in for http.ServerResponse that keeps everything in memory. It implements what the
 * Astro node handler and main.ts's page flow use (statusCode, set/get/removeHeader, writeHead,
 * write, end, destroy, events); `done` resolves when the response is complete.
 */
export class CaptureResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = "";
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  finished = false;
  destroyed = false;
  sendDate = true;
  readonly req: IncomingMessage;
  private readonly headers = new Map<string, string | string[]>();
  private readonly chunks: Buffer[] = [];
  readonly done: Promise<CapturedResponse>;
  private resolveDone!: (r: CapturedResponse) => void;
  private rejectDone!: (e: unknown) => void;

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    // An unobserved rejection must not crash the process.
    this.done.catch(() => undefined);
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.headers.set(name.toLowerCase(), Array.isArray(value) ? [...(value as string[])] : String(value));
    return this;
  }

  appendHeader(name: string, value: string | readonly string[]): this {
    const key = name.toLowerCase();
    const prev = this.headers.get(key);
    const add = Array.isArray(value) ? [...(value as string[])] : [String(value)];
    this.headers.set(
      key,
      prev === undefined ? (add.length === 1 ? add[0]! : add) : [...(Array.isArray(prev) ? prev : [prev]), ...add],
    );
    return this;
  }

  getHeader(name: string): string | string[] | undefined {
    return this.headers.get(name.toLowerCase());
  }

  getHeaders(): OutgoingHttpHeaders {
    return Object.fromEntries(this.headers);
  }

  getHeaderNames(): string[] {
    return [...this.headers.keys()];
  }

  hasHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }

  flushHeaders(): void {
    this.headersSent = true;
  }

  writeHead(status: number, ...rest: unknown[]): this {
    this.statusCode = status;
    for (const arg of rest) {
      if (typeof arg === "string") this.statusMessage = arg;
      else if (Array.isArray(arg)) {
        // [[name, value], …] or [name, value, name, value, …]
        if (arg.length > 0 && Array.isArray(arg[0]))
          for (const [n, v] of arg as [string, string][]) this.appendHeader(n, v);
        else for (let i = 0; i + 1 < arg.length; i += 2) this.appendHeader(String(arg[i]), String(arg[i + 1]));
      } else if (arg && typeof arg === "object") {
        for (const [n, v] of Object.entries(arg as Record<string, unknown>)) {
          if (v !== undefined) this.setHeader(n, v as string | string[]);
        }
      }
    }
    this.headersSent = true;
    return this;
  }

  write(chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
    if (this.writableEnded) return false;
    this.headersSent = true;
    this.push(chunk, encoding);
    const callback = typeof encoding === "function" ? encoding : cb;
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return true;
  }

  end(chunk?: unknown, encoding?: unknown, cb?: unknown): this {
    if (this.writableEnded) return this;
    if (typeof chunk === "function") {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === "function") {
      cb = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.push(chunk, encoding);
    this.headersSent = true;
    this.writableEnded = this.finished = this.writableFinished = true;
    this.resolveDone({
      status: this.statusCode,
      statusMessage: this.statusMessage,
      headers: new Map(this.headers),
      body: Buffer.concat(this.chunks),
    });
    queueMicrotask(() => {
      if (typeof cb === "function") (cb as () => void)();
      this.emit("finish");
      this.emit("close");
    });
    return this;
  }

  destroy(err?: unknown): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.writableEnded) this.rejectDone(err ?? new Error("response destroyed before it ended"));
    queueMicrotask(() => this.emit("close"));
    return this;
  }

  // Streams API bits some handlers probe.
  cork(): void {}
  uncork(): void {}
  setTimeout(): this {
    return this;
  }

  private push(chunk: unknown, encoding: unknown): void {
    if (typeof chunk === "string")
      this.chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array)
      this.chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else if (chunk !== undefined && chunk !== null) this.chunks.push(Buffer.from(String(chunk)));
  }
}

/** A header's value as one text (list values joined by ", "). */
export function headerText(v: string | string[] | undefined): string {
  return v === undefined ? "" : Array.isArray(v) ? v.join(", ") : v;
}

/** Why a captured response can not be stored (null = it can). */
export function notStorableReason(r: Pick<CapturedResponse, "status" | "headers">): string | null {
  if (r.status !== 200 && r.status !== 404) return "status";
  if (r.headers.has("set-cookie")) return "set-cookie";
  const cc = headerText(r.headers.get("cache-control")).toLowerCase();
  if (/\b(private|no-store|no-cache)\b/.test(cc)) return "cache-control";
  const enc = headerText(r.headers.get("content-encoding")).toLowerCase();
  if (enc && enc !== "identity") return "encoded";
  if (r.headers.has("location")) return "redirect";
  return null;
}
