import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { hasHtml, isWellFormedPdf, startXref } from "./pdf-check.ts";

/** A real one-page PDF made by pdf-lib (classic xref table, or an xref stream with object streams). */
async function realPdf(objectStreams = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 100]);
  page.drawText("Invoice 42", { x: 20, y: 50, size: 12 });
  return doc.save({ useObjectStreams: objectStreams });
}

const enc = (s: string) => new TextEncoder().encode(s);
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe("isWellFormedPdf", () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await realPdf();
  });

  it("takes a real PDF, with an xref table or an xref stream", async () => {
    expect(await isWellFormedPdf(pdf)).toBe(true);
    expect(await isWellFormedPdf(await realPdf(true))).toBe(true);
    expect(startXref(pdf)).toBeGreaterThan(0);
  });

  it("refuses an HTML page behind a %PDF- prefix", async () => {
    const page = enc("%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n");
    expect(await isWellFormedPdf(page)).toBe(false);
  });

  it("refuses a valid PDF carrying HTML (a polyglot)", async () => {
    const header = pdf.subarray(0, 9);
    const rest = pdf.subarray(9);
    // HTML in a comment right after the header: the xref offsets are off, and HTML is there.
    expect(await isWellFormedPdf(join(header, enc("%<html><script>alert(1)</script>\n"), rest))).toBe(false);
    // HTML after %%EOF: the trailer is no longer at the end.
    expect(await isWellFormedPdf(join(pdf, enc("<!DOCTYPE html><iframe src=x></iframe>")))).toBe(false);
    // HTML inside a well-formed file (a string object), offsets kept: refused for the markup alone.
    const doc = await PDFDocument.create();
    doc.addPage().node.set(PDFName.of("Note"), PDFString.of("<svg onload=alert(1)>"));
    const withMarkup = await doc.save({ useObjectStreams: false });
    expect(Buffer.from(withMarkup).toString("latin1")).toContain("(<svg onload=alert(1)>)");
    expect(await isWellFormedPdf(withMarkup)).toBe(false);
    expect(hasHtml(enc("<SCRIPT src=//x>"))).toBe(true);
    expect(hasHtml(pdf)).toBe(false);
  });

  it("refuses a file without header at byte 0, without %%EOF or with a broken startxref", async () => {
    expect(await isWellFormedPdf(join(enc(" "), pdf))).toBe(false);
    const text = Buffer.from(pdf).toString("latin1");
    expect(await isWellFormedPdf(enc(text.replace(/%%EOF\s*$/, "")))).toBe(false);
    expect(await isWellFormedPdf(enc(text.replace(/startxref\s+\d+/, "startxref\n999999999")))).toBe(false);
    expect(await isWellFormedPdf(enc(text.replace(/startxref\s+\d+/, "startxref\n0")))).toBe(false);
    expect(await isWellFormedPdf(enc(`%PDF-1.4\n${"x".repeat(100)}\nstartxref\n9\n%%EOF\n`))).toBe(false);
  });

  it("refuses a truncated file and random bytes", async () => {
    expect(await isWellFormedPdf(pdf.subarray(0, Math.floor(pdf.length / 2)))).toBe(false);
    expect(await isWellFormedPdf(new Uint8Array(0))).toBe(false);
    expect(await isWellFormedPdf(join(enc("%PDF-1.4\n"), new Uint8Array(200).fill(7)))).toBe(false);
  });
});
