/** Server-side QR codes as inline SVG (qrcode package), cached per process by text. */
import QRCode from "qrcode";

const cache = new Map<string, Promise<string>>();

export function qrSvg(text: string): Promise<string> {
  let svg = cache.get(text);
  if (!svg) {
    svg = QRCode.toString(text, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
      color: { dark: "#000000", light: "#ffffff" },
    });
    svg.catch(() => cache.delete(text));
    cache.set(text, svg);
  }
  return svg;
}
