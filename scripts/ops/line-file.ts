/**
 * Files the ops CLI sends line by line (scripts/ops/product.ts `product-import`, `product-prices`):
 * the lines of a file streamed from a byte offset (never the whole file in memory; a line longer
 * than the limit is cut, so the mall refuses it with its number), the checkpoint that lets an
 * interrupted import go on after its last applied line, and the progress bar.
 */
import fs from "node:fs";

interface FileLine {
  /** Its number in the file, from 1. */
  n: number;
  /** The text without its line break (cut after `maxBytes` + 1 bytes when longer). */
  text: string;
  /** The byte offset just after it (where the next line starts). */
  end: number;
}

const NL = 0x0a;

/** The lines of `file` from byte `offset` (line `line` + 1 starts there), each at most `maxBytes` + 1 bytes kept. */
export async function* fileLines(
  file: string,
  from: { offset: number; line: number },
  maxBytes: number,
): AsyncGenerator<FileLine> {
  let parts: Buffer[] = [];
  let kept = 0;
  let pos = from.offset;
  let n = from.line;
  let pending = false;
  const text = () => {
    const s = Buffer.concat(parts, kept).toString("utf8");
    return s.endsWith("\r") ? s.slice(0, -1) : s;
  };
  for await (const chunk of fs.createReadStream(file, {
    start: from.offset,
    highWaterMark: 1 << 20,
  }) as AsyncIterable<Buffer>) {
    let at = 0;
    for (;;) {
      const nl = chunk.indexOf(NL, at);
      const piece = chunk.subarray(at, nl < 0 ? chunk.length : nl);
      const room = maxBytes + 1 - kept;
      if (room > 0) {
        // A copy, so a cut line does not keep the whole read buffer alive.
        const keep = Buffer.from(piece.subarray(0, room));
        parts.push(keep);
        kept += keep.length;
      }
      if (piece.length > 0) pending = true;
      if (nl < 0) {
        pos += chunk.length - at;
        break;
      }
      pos += nl - at + 1;
      yield { n: ++n, text: text(), end: pos };
      parts = [];
      kept = 0;
      pending = false;
      at = nl + 1;
    }
  }
  if (pending) yield { n: ++n, text: text(), end: pos };
}

/** Where an interrupted import goes on: the file as it was, the last line applied and what came of the lines before. */
export interface Checkpoint {
  file: string;
  size: number;
  mtimeMs: number;
  line: number;
  offset: number;
  counts: Record<string, number>;
}

/** The checkpoint of `file` when it is still the same file (size and time), else null. */
export function readCheckpoint(path: string, stat: fs.Stats): Checkpoint | null {
  let cp: Checkpoint;
  try {
    cp = JSON.parse(fs.readFileSync(path, "utf8")) as Checkpoint;
  } catch {
    return null;
  }
  return cp.size === stat.size && cp.mtimeMs === stat.mtimeMs ? cp : null;
}

/** Writes the checkpoint whole or not at all (a kill mid-write leaves the previous one). */
export function writeCheckpoint(path: string, cp: Checkpoint): void {
  fs.writeFileSync(`${path}.tmp`, JSON.stringify(cp));
  fs.renameSync(`${path}.tmp`, path);
}

const grouped = (n: number) => Math.round(n).toLocaleString("en-US");

/** "[########------------]  40%  40,000 lines  1,250 lines/s  0:48 left" */
export function progressLine(bytes: number, total: number, lines: number, seconds: number, width = 20): string {
  const share = total > 0 ? Math.min(1, bytes / total) : 1;
  const filled = Math.round(share * width);
  const rate = seconds > 0 ? lines / seconds : 0;
  const left = share > 0 && share < 1 ? (seconds * (1 - share)) / share : 0;
  const clock = `${Math.floor(left / 60)}:${String(Math.round(left % 60)).padStart(2, "0")}`;
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${grouped(lines)} lines  ${grouped(rate)} lines/s  ${clock} left`;
}
