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

const toStdout: Sink = (line) => void process.stdout.write(line);
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
