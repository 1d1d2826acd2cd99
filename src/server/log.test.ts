import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { logLevelFrom, logger, useLogSink } from "./log.ts";

describe("logger", () => {
  let restore = () => {};
  afterEach(() => restore());

  it("writes one JSON object per line with an ISO time, a level name and the fields given", () => {
    const lines: string[] = [];
    restore = useLogSink((line) => lines.push(line));
    logger.error({ reqId: "r-1", route: "GET /api/x" }, "api request failed");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "error", reqId: "r-1", route: "GET /api/x", msg: "api request failed" });
    expect(typeof entry.time).toBe("string");
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
    expect(lines[0]!.endsWith("\n")).toBe(true);
  });

  it("takes its level from LOG_LEVEL, info when unset or unknown", () => {
    expect(logLevelFrom(undefined)).toBe("info");
    expect(logLevelFrom("DEBUG")).toBe("debug");
    expect(logLevelFrom(" warn ")).toBe("warn");
    expect(logLevelFrom("silent")).toBe("silent");
    expect(logLevelFrom("verbose")).toBe("info");
  });

  it("leaves out what is below its level", () => {
    const lines: string[] = [];
    restore = useLogSink((line) => lines.push(line));
    const before = logger.level;
    logger.level = "warn";
    try {
      logger.info("not written");
      logger.warn("written");
    } finally {
      logger.level = before;
    }
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(["written"]);
  });
});

describe("logger output", () => {
  it("writes the lines of one event-loop turn to standard output in one write", async () => {
    const writes: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      writes.push(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      for (let i = 0; i < 50; i++) logger.info({ i }, "batched");
      expect(writes).toEqual([]);
      await new Promise((r) => setImmediate(r));
    } finally {
      process.stdout.write = write;
    }
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.trimEnd().split("\n");
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([...Array(50).keys()]);
  });

  it("writes what waits when the process exits at once", () => {
    const script =
      'import { logger } from "./src/server/log.ts"; logger.info("first"); logger.fatal("last words"); process.exit(3);';
    const r = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--eval", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(3);
    expect(
      r.stdout
        .trimEnd()
        .split("\n")
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(["first", "last words"]);
  });
});
