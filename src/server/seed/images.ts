/**
 * Generated placeholder images (SVG, no downloads). Every image is collected in memory and written
 * under `${uploadsDir}/seed/…` by flush(); the database stores "/uploads/seed/…" paths.
 * Writing is idempotent: the same seed writes the same bytes and overwrites what is there.
 */
import { createHash } from "node:crypto";
import QRCode from "qrcode";
import type { ImageInfo } from "../../lib/image/ladder.ts";
import type { FileStorage } from "../providers/storage.ts";
import { drawIcon, type IconKind } from "./icons.ts";

export type { IconKind } from "./icons.ts";

export const SEED_URL_PREFIX = "/uploads/seed";

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);
}

/** hsl → #rrggbb (hex keeps the SVG valid for every renderer). */
export function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Font size that keeps a line of text inside maxWidth (CJK characters count double). */
function fitFont(text: string, maxWidth: number, max: number, min: number): number {
  let units = 0;
  for (const ch of text) units += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.58;
  return Math.max(min, Math.min(max, Math.floor(maxWidth / Math.max(units, 1))));
}

function text(
  x: number,
  y: number,
  value: string,
  size: number,
  fill: string,
  weight = 400,
  anchor = "middle",
): string {
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
}

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;
}

function gradient(id: string, from: string, to: string, vertical = false): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

const icon = (kind: IconKind, x: number, y: number, size: number, main: string, light: string, rotate = 0) =>
  `<g transform="translate(${x} ${y}) scale(${size / 200})${rotate ? ` rotate(${rotate} 100 100)` : ""}">${drawIcon(kind, main, light)}</g>`;

/** 200×200 category picture. */
export function categorySvg(hue: number, kind: IconKind): string {
  return svg(
    200,
    200,
    `<rect width="200" height="200" rx="24" fill="${hsl(hue, 70, 93)}"/>` +
      icon(kind, 40, 40, 120, hsl(hue, 60, 38), "#ffffff"),
  );
}

/** 200×100 brand logo: the brand name in its colour. */
export function brandSvg(name: string, color: string): string {
  return svg(
    200,
    100,
    `<rect width="200" height="100" fill="#ffffff"/><rect x="4" y="4" width="192" height="92" rx="8" fill="none" stroke="${color}" stroke-width="3"/>` +
      text(100, 62, name, fitFont(name, 172, 34, 14), color, 700),
  );
}

/** 200×200 stand-in of a scanned document (a licence, an ID card): a coloured square with a label and a store icon. */
export function badgeSvg(label: string, color: string): string {
  return svg(
    200,
    200,
    `<rect width="200" height="200" fill="${color}"/>` +
      icon("store", 60, 24, 80, "#ffffff", color) +
      text(100, 160, label, fitFont(label, 170, 40, 18), "#ffffff", 700),
  );
}

/** The marks a shop logo is drawn on (shopLogoSvg `shape`). */
const LOGO_SHAPES = [
  // circle, rounded square, hexagon, shield, diamond, leaf
  (c: string) => `<circle cx="100" cy="78" r="58" fill="${c}"/>`,
  (c: string) => `<rect x="44" y="22" width="112" height="112" rx="28" fill="${c}"/>`,
  (c: string) => `<path d="M100 18 152 48v60l-52 30-52-30V48z" fill="${c}"/>`,
  (c: string) => `<path d="M100 18 154 36v42c0 32-24 52-54 62-30-10-54-30-54-62V36z" fill="${c}"/>`,
  (c: string) => `<path d="M100 16 162 78 100 140 38 78z" fill="${c}"/>`,
  (c: string) => `<path d="M46 134C46 66 86 24 154 22c0 70-40 112-108 112z" fill="${c}"/>`,
] as const;

/**
 * 200×200 shop logo (docs/design.md "Shop logos"): a mark — a shape of the shop's colour holding
 * a white icon of what it sells — over its wordmark (the name's first words, in the colour), on
 * white. `shape` picks one of six marks, so neighbouring shops look apart.
 */
export function shopLogoSvg(opts: { word: string; color: string; icon: IconKind; shape: number }): string {
  const { word, color } = opts;
  const mark = LOGO_SHAPES[opts.shape % LOGO_SHAPES.length]!(color);
  return svg(
    200,
    200,
    `<rect width="200" height="200" fill="#ffffff"/>` +
      mark +
      icon(opts.icon, 70, 48, 60, "#ffffff", color) +
      text(100, 182, word, fitFont(word, 176, 30, 14), color, 800),
  );
}

/**
 * Banner (1920×500, 1200×400, or a 1920×150 shop sign): gradient and icons, no words — the
 * headline and caption are localized text laid over the picture by the page (block `overlay`).
 * The icon sits on the right, leaving the left for the words.
 */
export function bannerSvg(w: number, h: number, hue: number, kind: IconKind): string {
  const a = hsl(hue, 75, 55);
  const b = hsl((hue + 40) % 360, 80, 42);
  let body = gradient("g", a, b) + `<rect width="${w}" height="${h}" fill="url(#g)"/>`;
  body += `<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.6}" fill="#ffffff" fill-opacity="0.08"/><circle cx="${w * 0.1}" cy="${h}" r="${h * 0.5}" fill="#ffffff" fill-opacity="0.08"/>`;
  body += icon(kind, w * 0.68, h * 0.16, h * 0.68, "#ffffff", a);
  return svg(w, h, body);
}

/**
 * The channel tiles' picture (hotspotSvg): 1200 px wide like the content, white cards 16 px apart
 * on the page's grey (docs/design.md "Spacing"), each a square product picture with 14 px of
 * card around it and a band below it for the channel name, which the page lays over.
 */
const TILES = { width: 1200, gap: 16, pad: 14, label: 50 } as const;

/** The box (pixels of the picture) of tile `i` of `n`: the hot zone of its channel. */
export function hotspotTileBox(i: number, n: number): { left: number; top: number; width: number; height: number } {
  const width = (TILES.width - (n - 1) * TILES.gap) / n;
  return { left: Math.round(i * (width + TILES.gap)), top: 0, width: Math.round(width), height: hotspotHeight(n) };
}

/** The picture's height for `n` tiles: a tile's padding, its square picture and the name band. */
export function hotspotHeight(n: number): number {
  const width = (TILES.width - (n - 1) * TILES.gap) / n;
  return Math.round(width - TILES.pad + TILES.label);
}

/**
 * Hot-zone picture of channel tiles (hotspotTileBox): each a white card holding a product's own
 * picture (`renders`: the product's first picture, an SVG) over a band where the page writes the
 * channel name. Each picture's ids are prefixed so they do not clash.
 */
export function hotspotSvg(renders: readonly string[]): string {
  const n = renders.length;
  const h = hotspotHeight(n);
  let body = "";
  renders.forEach((render, i) => {
    const box = hotspotTileBox(i, n);
    const pic = box.width - 2 * TILES.pad;
    const inner = render
      .replace(/\bid="([^"]+)"/g, `id="t${i}$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#t${i}$1)`)
      .replace(
        /^<svg [^>]*viewBox="([^"]+)"[^>]*>/,
        `<svg x="${box.left + TILES.pad}" y="${TILES.pad}" width="${pic}" height="${pic}" viewBox="$1">`,
      );
    body += `<rect x="${box.left}" y="0" width="${box.width}" height="${h}" rx="4" fill="#ffffff"/>`;
    body += inner.trim();
  });
  return svg(TILES.width, h, body);
}

/** Page-module background (goods_module4/5): a soft pattern; its headline is laid over by the page. */
export function moduleBgSvg(hue: number): string {
  const body =
    gradient("g", hsl(hue, 80, 60), hsl((hue + 30) % 360, 80, 48), true) +
    `<rect width="300" height="520" fill="url(#g)"/>` +
    `<circle cx="260" cy="60" r="90" fill="#ffffff" fill-opacity="0.12"/>` +
    icon("gift", 60, 300, 180, "#ffffff", hsl(hue, 80, 55));
  return svg(300, 520, body);
}

/** The site's logo mark: a picture without words (the pages write the site's name beside it, in their language). */
export function siteLogoSvg(): string {
  return svg(
    72,
    80,
    `<rect x="6" y="10" width="60" height="60" rx="14" fill="#1e6fd9"/>` +
      icon("store", 14, 18, 44, "#ffffff", "#1e6fd9"),
  );
}

export function faviconSvg(): string {
  return svg(
    64,
    64,
    `<rect width="64" height="64" rx="14" fill="#1e6fd9"/>` + icon("store", 8, 8, 48, "#ffffff", "#1e6fd9"),
  );
}

export function loginBgSvg(): string {
  let body = gradient("g", "#4dabf7", "#1e6fd9") + `<rect width="1920" height="600" fill="url(#g)"/>`;
  for (let i = 0; i < 6; i++)
    body += `<circle cx="${200 + i * 300}" cy="${i % 2 ? 480 : 120}" r="${90 + i * 10}" fill="#ffffff" fill-opacity="0.07"/>`;
  body += icon("bag", 260, 150, 300, "#ffffff", "#339af0") + icon("gift", 560, 260, 200, "#ffffff", "#339af0");
  return svg(1920, 600, body);
}

export function avatarSvg(hue: number, initial: string): string {
  return svg(
    120,
    120,
    `<rect width="120" height="120" rx="60" fill="${hsl(hue, 60, 62)}"/>` + text(60, 78, initial, 48, "#ffffff", 700),
  );
}

/**
 * What the image pipeline records of a generated SVG (a vector original, docs/image.md "The
 * demo's pictures"): its size from the root element (width/height, else the viewBox), its first
 * colour (the background or its gradient's first stop) as placeholder, the hash of its bytes, and
 * whether it has transparency (no placeholder colour then: it would show through).
 */
export function vectorInfo(content: string): ImageInfo {
  const root = /<svg\b[^>]*>/.exec(content)?.[0] ?? "";
  const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1] ?? NaN);
  const box = /\sviewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"/.exec(root);
  const width = Math.round(attr("width") || Number(box?.[1]) || 0);
  const height = Math.round(attr("height") || Number(box?.[2]) || 0);
  if (!(width > 0 && height > 0)) throw new Error("generated SVG without a size");
  const first = /="#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})"/.exec(content)?.[1] ?? "ffffff";
  const hex = first.length === 3 ? [...first].map((c) => c + c).join("") : first;
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 12);
  // Opaque when the first thing drawn (after the gradients) covers the whole picture.
  const body = content.slice(root.length).replace(/^<defs>[\s\S]*?<\/defs>/, "");
  const covered =
    body.startsWith(`<rect width="${width}" height="${height}" fill="`) ||
    body.startsWith(`<path fill="#ffffff" d="M0 0h${width}v${height}H0z"/>`);
  return { width, height, color: `#${hex.toLowerCase()}`, hash, alpha: !covered };
}

/** Collects generated files, then writes them all at once. */
export class ImageStore {
  private readonly files = new Map<string, string>();

  /** Registers a file under seed/<rel> and returns its public URL. */
  add(rel: string, content: string): string {
    this.files.set(rel, content);
    return `${SEED_URL_PREFIX}/${rel}`;
  }

  get size(): number {
    return this.files.size;
  }

  /** What the image pipeline records of every file (table images): all are vector originals. */
  records(): (ImageInfo & { path: string })[] {
    return [...this.files].map(([rel, content]) => ({ path: `${SEED_URL_PREFIX}/${rel}`, ...vectorInfo(content) }));
  }

  async addQrCode(rel: string, url: string): Promise<string> {
    const content = await QRCode.toString(url, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
      color: { dark: "#1f2d3d", light: "#ffffff" },
    });
    return this.add(rel, content);
  }

  /** Writes every file to the storage under /uploads/seed/ (overwriting), 64 at a time. */
  async flush(storage: Pick<FileStorage, "put">): Promise<void> {
    const entries = [...this.files.entries()];
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(
        entries.slice(i, i + 64).map(([rel, content]) => storage.put(`/uploads/seed/${rel}`, Buffer.from(content))),
      );
    }
  }
}
