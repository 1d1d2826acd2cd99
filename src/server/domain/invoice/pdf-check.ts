/**
 * Whether uploaded bytes are a PDF by structure, not by the "%PDF-" prefix alone (docs/invoice.md):
 * the header at byte 0, "%%EOF" at the end, a startxref offset that points at a cross-reference
 * table ("xref") or a cross-reference stream object (/Type /XRef), a document pdf-lib loads with at
 * least one page, and no HTML markup anywhere in the bytes (an HTML/PDF polyglot that a browser
 * could render as a page is refused even when it is also a valid PDF).
 */
import { PDFDocument } from "pdf-lib";

const HEADER = /^%PDF-[12]\.\d/;
/** How far from the end "%%EOF" may be (trailing whitespace and the odd writer's garbage). */
const TAIL = 1024;
/**
 * HTML a browser would act on: tags that make a page, run script, load or embed things. Only names
 * of four characters or more (and "<svg", "<img"): a shorter one ("<a ") turns up by chance in the
 * compressed streams of real PDFs.
 */
const HTML =
  /<(?:!doctype|html|head|body|script|iframe|frame|object|embed|svg|math|meta|link|style|img|form|base|title)[\s/>]|javascript:/i;

function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString("latin1");
}

/** The byte offset named by the last startxref before %%EOF, or null when the trailer is missing or broken. */
export function startXref(bytes: Uint8Array): number | null {
  const tail = latin1(bytes, Math.max(0, bytes.length - TAIL));
  const m = /startxref\s+(\d{1,10})\s+%%EOF\s*$/.exec(tail);
  if (!m) return null;
  const offset = Number(m[1]);
  return offset < bytes.length ? offset : null;
}

/** Whether the cross-reference section at `offset` is a table ("xref") or a stream object of /Type /XRef. */
function xrefAt(bytes: Uint8Array, offset: number): boolean {
  const head = latin1(bytes, offset, Math.min(bytes.length, offset + 512));
  if (/^xref\s/.test(head)) return true;
  return /^\d+\s+\d+\s+obj\b[\s\S]*?\/Type\s*\/XRef\b/.test(head);
}

/** Whether `bytes` hold HTML markup a browser could render. */
export function hasHtml(bytes: Uint8Array): boolean {
  return HTML.test(latin1(bytes));
}

/** Whether `bytes` are a well-formed PDF of at least one page with no HTML in it. */
export async function isWellFormedPdf(bytes: Uint8Array): Promise<boolean> {
  if (bytes.length < 64 || !HEADER.test(latin1(bytes, 0, 16))) return false;
  const offset = startXref(bytes);
  if (offset === null || !xrefAt(bytes, offset)) return false;
  if (hasHtml(bytes)) return false;
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    return doc.getPageCount() >= 1;
  } catch {
    return false;
  }
}
