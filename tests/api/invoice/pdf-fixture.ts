/** Real PDFs for the invoice tests, made by pdf-lib: one page, and optionally an uncompressed stream padding it to a size. */
import { PDFDocument } from "pdf-lib";

/** A one-page PDF of at least `size` bytes (xref table, no object streams). */
export async function realPdf(size = 0, text = "Invoice"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 14 });
  const plain = await doc.save({ useObjectStreams: false });
  if (size <= plain.length) return plain;
  // An unused stream of zeros ("0"), written as it is: the file grows by about its length.
  doc.context.register(doc.context.stream("0".repeat(size - plain.length - 64)));
  return doc.save({ useObjectStreams: false });
}
