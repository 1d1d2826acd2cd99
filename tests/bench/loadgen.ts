/**
 * Page and API throughput measured from outside the bench's process, as a client sees it: wrk
 * (Debian's `wrk` package: one C thread, keep-alive connections, its own event loop on the other
 * core), cycling a list of paths with a small Lua script — the same command anyone can run by
 * hand (`command` is printed with every figure). Without wrk the bench falls back to autocannon
 * in its own process and says so (docs/performance.md "Measuring from outside").
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export interface Cannon {
  requestsPerSec: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon in this process: `paths` cycled, or its own `requests`. */
export async function cannon(
  url: string,
  opts: {
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    paths?: string[];
    /** Instead of paths: autocannon's own requests (e.g. with setupRequest). */
    requests?: NonNullable<Parameters<typeof autocannon>[0]["requests"]>;
  },
): Promise<Cannon> {
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    headers: opts.headers ?? { "accept-encoding": "gzip, deflate, br" },
    ...(opts.paths ? { requests: opts.paths.map((p) => ({ method: "GET" as const, path: p })) } : {}),
    ...(opts.requests ? { requests: opts.requests } : {}),
  });
  return {
    requestsPerSec: Math.round(r.requests.average),
    latencyP99Ms: r.latency.p99,
    latencyAvgMs: Number(r.latency.average.toFixed(2)),
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
  };
}

export interface LoadResult extends Cannon {
  tool: "wrk" | "autocannon";
  /** The command that reproduces the figure from a shell (wrk), or a description (autocannon). */
  command: string;
}

let available: boolean | null = null;

/** Whether wrk is installed (BENCH_LOADGEN=autocannon forces the fallback). */
export function wrkAvailable(): boolean {
  if (process.env.BENCH_LOADGEN === "autocannon") return false;
  if (available === null) {
    try {
      execFileSync("wrk", ["--version"], { stdio: "ignore" });
      available = true;
    } catch (e) {
      // wrk --version prints its banner and exits 1; only a missing binary throws ENOENT.
      available = (e as NodeJS.ErrnoException).code !== "ENOENT";
    }
  }
  return available;
}

/** The Lua script: every request takes the next path of PATHS_FILE, one counter for all connections (-t1). */
const SCRIPT = `local paths = {}
for line in io.lines(os.getenv("PATHS_FILE")) do paths[#paths + 1] = line end
local i = 0
local headers = {}
for k, v in string.gmatch(os.getenv("HEADERS") or "", "([^\\n:]+):%s*([^\\n]+)") do headers[k] = v end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], headers)
end
`;

/** A latency of wrk's output ("36.18ms", "1.20s", "850.00us") in milliseconds. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === "us" ? v / 1000 : m[2] === "ms" ? v : m[2] === "s" ? v * 1000 : v * 60_000;
}

/** Requests/s, p99, average latency, non-2xx/3xx and socket errors from wrk --latency's output. */
export function parseWrk(out: string): Cannon {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSec: Math.round(num(/Requests\/sec:\s+([\d.]+)/)),
    latencyP99Ms: Math.round(wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? "") * 100) / 100,
    latencyAvgMs: Math.round(wrkMs(/^\s+Latency\s+(\S+)/m.exec(out)?.[1] ?? "") * 100) / 100,
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
    errors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    total: num(/(\d+) requests in/),
  };
}

/** One request of a cycle: a method, a path and the body sent with it (JSON text, no tab or newline). */
export interface LoadRequest {
  method: "GET" | "PUT" | "POST" | "DELETE";
  path: string;
  body?: string;
}

/**
 * The Lua script for requests with methods and bodies: every request takes the next line of
 * REQUESTS_FILE (method, path and body separated by tabs), one counter for all connections (-t1).
 */
const REQUESTS_SCRIPT = `local reqs = {}
for line in io.lines(os.getenv("REQUESTS_FILE")) do
  local method, target, body = line:match("^(%S+)\\t([^\\t]+)\\t?(.*)$")
  reqs[#reqs + 1] = { method, target, body ~= "" and body or nil }
end
local i = 0
local headers = {}
for k, v in string.gmatch(os.getenv("HEADERS") or "", "([^\\n:]+):%s*([^\\n]+)") do headers[k] = v end
request = function()
  i = i % #reqs + 1
  local r = reqs[i]
  return wrk.format(r[1], r[2], headers, r[3])
end
`;

/** The lines of REQUESTS_FILE (REQUESTS_SCRIPT): method, path and body separated by tabs. */
export function requestLines(requests: readonly LoadRequest[]): string {
  return requests
    .map((r) => {
      if (/[\t\n]/.test(r.path + (r.body ?? ""))) throw new Error(`bench: a tab or newline in ${r.path}`);
      return [r.method, r.path, r.body ?? ""].join("\t");
    })
    .join("\n");
}

/** The same requests by autocannon in this process, in the same order over all connections (one counter). */
function cannonRequests(requests: readonly LoadRequest[]): NonNullable<Parameters<typeof autocannon>[0]["requests"]> {
  let next = 0;
  return [
    {
      setupRequest: (req) => {
        const r = requests[next++ % requests.length]!;
        return { ...req, method: r.method, path: r.path, ...(r.body === undefined ? {} : { body: r.body }) };
      },
    },
  ];
}

/**
 * Cycles `paths` (GET) or `requests` at `connections` for `duration` seconds: wrk when installed,
 * else autocannon. `name` names the file of paths or requests kept in the system's temp folder for
 * the printed command.
 */
export async function load(
  origin: string,
  paths: readonly string[] | { requests: readonly LoadRequest[] },
  opts: { connections: number; duration: number; headers?: Record<string, string>; name: string },
): Promise<LoadResult> {
  const headers = opts.headers ?? { "accept-encoding": "gzip, deflate, br" };
  const requests = "requests" in paths ? paths.requests : null;
  const count = requests ? requests.length : (paths as readonly string[]).length;
  if (!wrkAvailable()) {
    const r = await cannon(`${origin}/`, {
      connections: opts.connections,
      duration: opts.duration,
      headers,
      ...(requests ? { requests: cannonRequests(requests) } : { paths: [...(paths as readonly string[])] }),
    });
    return {
      ...r,
      tool: "autocannon",
      command: `autocannon in the bench process, ${count} ${requests ? "requests" : "paths"}`,
    };
  }
  const dir = path.join(os.tmpdir(), "mall-bench-wrk");
  fs.mkdirSync(dir, { recursive: true });
  const script = path.join(dir, requests ? "requests.lua" : "paths.lua");
  fs.writeFileSync(script, requests ? REQUESTS_SCRIPT : SCRIPT);
  const file = path.join(dir, `${opts.name}.txt`);
  fs.writeFileSync(file, `${requests ? requestLines(requests) : (paths as readonly string[]).join("\n")}\n`);
  const fileVar = requests ? "REQUESTS_FILE" : "PATHS_FILE";
  const headerText = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  const args = ["-t1", `-c${opts.connections}`, `-d${opts.duration}s`, "--latency", "-s", script, origin];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn("wrk", args, { env: { ...process.env, [fileVar]: file, HEADERS: headerText } });
    let text = "";
    child.stdout.on("data", (b: Buffer) => (text += b.toString()));
    child.stderr.on("data", (b: Buffer) => (text += b.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
  });
  const hdr = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\\n");
  return {
    ...parseWrk(out),
    tool: "wrk",
    command: `${fileVar}=${file} HEADERS=$'${hdr}' wrk ${args.join(" ")}`,
  };
}
