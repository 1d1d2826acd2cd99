/** Runs the ops CLI (scripts/ops/main.ts) against the in-process API: the test app answers its HTTP calls. */
import path from "node:path";
import { runOps, type OpsIO } from "../../scripts/ops/main.ts";
import type { TestApp } from "./helpers.ts";

export interface OpsResult {
  code: number;
  out: string;
  err: string;
}

/** A CLI runner whose token cache lives in `dir` (`--url http://mall.test`); `io` adds seams such as openDb. */
export function opsCli(app: TestApp, dir: string, io: Partial<OpsIO> = {}): (...argv: string[]) => Promise<OpsResult> {
  return async (...argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps([...argv, "--url", "http://mall.test", "--token-file", path.join(dir, "tokens.json")], {
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        app.api.fetch(new Request(input, init))) as typeof fetch,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { HOME: dir },
      ...io,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };
}
