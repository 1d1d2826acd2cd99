/**
 * The QR code of a text for an <img> (client/qr.ts draws it, loading `qrcode` on demand): its
 * data: URL, or null while it is drawn and when there is no text.
 */
import { useEffect, useState } from "react";
import { qrSrc } from "../../client/qr.ts";

export function useQrSrc(text: string | null | undefined): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let alive = true;
    void qrSrc(text).then((url) => {
      if (alive) setDrawn({ text, url });
    });
    return () => {
      alive = false;
    };
  }, [text]);
  return drawn && drawn.text === text ? drawn.url : null;
}
