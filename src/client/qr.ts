/**
 * QR codes drawn in the browser (payment, top-up, membership, write-off codes): not pictures of
 * the image pipeline but drawn on the spot, as an SVG — sharp at every screen density like the
 * demo's vector originals (docs/image.md), a few hundred bytes, shown at a fixed box size (no
 * layout shift). The `qrcode` package is loaded only when a code is drawn.
 */
export async function qrSrc(text: string): Promise<string> {
  const QRCode = await import("qrcode");
  const svg = await QRCode.toString(text, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
