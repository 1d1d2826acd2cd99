/** Terminal output of the ops CLI: times, aligned tables and the progress bar's writer. */
import type { OpsIO } from "./client.ts";

export const time = (s: string | null | undefined) => (s ? s.replace("T", " ").replace(/\.\d+Z$/, "Z") : "-");

/** Terminal columns of a text: CJK and full-width characters take two. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s)
    w += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(ch)
      ? 2
      : 1;
  return w;
}

/** A page of a list as the mall answers it. */
export type ListPage<T> = { records: T[]; total: number; current: number; pages: number };

/** Prints a page of a list: the answer as JSON (--json), "no <noun>s", or its lines and "page 1/3, 42 <noun>(s)". */
export function printPage<T>(
  out: (line: string) => void,
  json: boolean | undefined,
  page: ListPage<T>,
  noun: string,
  lines: (records: T[]) => string[],
): void {
  if (json) out(JSON.stringify(page, null, 2));
  else if (page.records.length === 0) out(`no ${noun}s`);
  else {
    for (const line of lines(page.records)) out(line);
    out(`page ${page.current}/${page.pages}, ${page.total} ${noun}(s)`);
  }
}

export function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? ""))));
  return rows.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + " ".repeat(widths[i]! - displayWidth(c))))
      .join("  ")
      .trimEnd(),
  );
}

/** The progress writer: the test's, else redrawn in place on a terminal's stderr (nothing when piped). */
export function progressOf(io: OpsIO): { show: (line: string) => void; end: () => void } {
  if (io.progress) return { show: io.progress, end: () => {} };
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    show: (line) => {
      if (!tty) return;
      shown = true;
      process.stderr.write(`\r${line.slice(0, (process.stderr.columns || 100) - 1)}\x1b[K`);
    },
    end: () => {
      if (shown) process.stderr.write("\n");
    },
  };
}
