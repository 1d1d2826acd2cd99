/**
 * The server's one logger (docs/operations.md "Logs"): JSON lines (pino) on standard output, one
 * object per event, `LOG_LEVEL` (trace … fatal, silent; default info) chooses how much.
 * Never log personal data: no query strings, bodies, IP addresses, names, mobiles or addresses —
 * `describeError` (http/error-log.ts) cuts what a database error quotes.
 *
 * Lines go through a sink so that a test can read what the server would have written
 * (`useLogSink`), instead of spying on the console.
 */
import pino from "pino";

type Sink = (line: string) => void;

/**
 * Standard output, batched: the lines of one event-loop turn go out in one write (a busy server
 * answers many requests per turn, each with its access line: one system call instead of one per
 * line), at the latest when the turn ends or 64 KB wait. On exit (process.exit, an uncaught error)
 * what waits is written before the process ends; only a SIGKILL can lose that last turn's lines.
 */
let pending = "";
let flushQueued = false;
function flushStdout(): void {
  flushQueued = false;
  if (pending === "") return;
  const out = pending;
  pending = "";
  process.stdout.write(out);
}
const toStdout: Sink = (line) => {
  pending += line;
  if (pending.length >= 64 * 1024) flushStdout();
  else if (!flushQueued) {
    flushQueued = true;
    setImmediate(flushStdout);
  }
};
process.on("exit", flushStdout);
let sink: Sink = toStdout;

const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);

/** The level from `LOG_LEVEL`, `info` when unset or not a level. */
export function logLevelFrom(value: string | undefined): string {
  const v = (value ?? "").trim().toLowerCase();
  return LEVELS.has(v) ? v : "info";
}

export const logger = pino(
  {
    level: logLevelFrom(process.env.LOG_LEVEL),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: (line: string) => sink(line) },
);

/** Sends every log line to `fn` until the returned function is called (tests). */
export function useLogSink(fn: Sink): () => void {
  sink = fn;
  return () => {
    sink = toStdout;
  };
}
