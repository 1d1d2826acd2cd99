/**
 * `.env` at start (README "Configuration"): the server, `npm run db:migrate` and `npm run db:seed`
 * read `KEY=value` lines from `.env` in the working directory when the file is there (Node's own
 * parser, `util.parseEnv`: comments, quotes, `export` are understood). A variable already set in
 * the environment always wins — the file only fills in what is missing, so a shell export, a
 * systemd `Environment=` or a CI setting is never overridden. No file: nothing happens.
 */
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** Sets the variables of `file` that `env` does not have yet; answers their names (none when there is no file). */
export function applyEnvFile(file: string, env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const applied: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (env[key] !== undefined) continue;
    env[key] = value;
    applied.push(key);
  }
  return applied;
}

/** `.env` of the working directory (or `file`) into process.env, before the configuration is read; logs what it did. */
export function loadDotEnv(
  log: (msg: string) => void = (m) => console.log(m),
  file: string = path.resolve(".env"),
  env: NodeJS.ProcessEnv = process.env,
): void {
  const applied = applyEnvFile(file, env);
  if (fs.existsSync(file)) log(`[mall] read ${file}: ${applied.length} variable(s) set, the environment's own kept`);
}
