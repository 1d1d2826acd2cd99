import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyEnvFile, loadDotEnv } from "./env-file.ts";

describe(".env at start", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-env-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("fills in what the environment lacks and never overrides a variable already set", () => {
    const file = path.join(dir, ".env");
    fs.writeFileSync(
      file,
      [
        "# a comment",
        "PORT=4500",
        'SITE_URL="https://mall.example"',
        "DATA_DIR=/from/file",
        "DATABASE_URL=",
        "export AUTO_SEED=0",
        "",
      ].join("\n"),
    );
    const env: NodeJS.ProcessEnv = { DATA_DIR: "/from/shell", DATABASE_URL: "postgres://x@h/db" };
    expect(applyEnvFile(file, env).sort()).toEqual(["AUTO_SEED", "PORT", "SITE_URL"]);
    expect(env).toEqual({
      PORT: "4500",
      SITE_URL: "https://mall.example",
      DATA_DIR: "/from/shell",
      DATABASE_URL: "postgres://x@h/db",
      AUTO_SEED: "0",
    });
    // An empty value set in the environment is set: the file does not replace it either.
    const empty: NodeJS.ProcessEnv = { PORT: "" };
    applyEnvFile(file, empty);
    expect(empty.PORT).toBe("");
  });

  it("does nothing without a file; a .env that is not a file is an error, not silence", () => {
    const env: NodeJS.ProcessEnv = { A: "1" };
    expect(applyEnvFile(path.join(dir, ".env"), env)).toEqual([]);
    expect(env).toEqual({ A: "1" });
    fs.mkdirSync(path.join(dir, "dir.env"));
    expect(() => applyEnvFile(path.join(dir, "dir.env"), env)).toThrow();
  });

  it("reads the .env into the environment and says so; no file, no word", () => {
    const env: NodeJS.ProcessEnv = { KEPT: "shell" };
    const file = path.join(dir, ".env");
    const logs: string[] = [];
    loadDotEnv((m) => logs.push(m), file, env);
    expect(logs).toEqual([]);
    fs.writeFileSync(file, "NEW=from-file\nKEPT=file\n");
    loadDotEnv((m) => logs.push(m), file, env);
    expect(env).toEqual({ KEPT: "shell", NEW: "from-file" });
    expect(logs).toEqual([`[mall] read ${file}: 1 variable(s) set, the environment's own kept`]);
  });
  it("by default reads .env of the working directory into process.env", () => {
    const logs: string[] = [];
    const before = { ...process.env };
    loadDotEnv((m) => logs.push(m));
    const cwdFile = path.resolve(".env");
    if (fs.existsSync(cwdFile)) expect(logs[0]).toContain(cwdFile);
    else expect(logs).toEqual([]);
    // Nothing already set changed.
    for (const [k, v] of Object.entries(before)) expect(process.env[k]).toBe(v);
  });
});
