/**
 * Generated placeholder images (SVG, no downloads). Every image is collected in memory and written
 * under `${uploadsDir}/seed/…` by flush(); the database stores "/uploads/seed/…" paths.
 * Writing is idempotent: the same seed writes the same bytes and overwrites what is there.
 */
import fs from "node:fs/promises";
import path from "node:path";
import QRCode from "qrcode";
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

export interface ProductImageSpec {
  hue: number;
  icon: IconKind;
  title: string;
  subtitle: string;
  /** 0-based image number within the product's gallery. */
  index: number;
}

/** 800×800 product picture: category colour, icon, short name. */
export function productSvg(p: ProductImageSpec): string {
  const dark = hsl(p.hue, 55, 30);
  const bgA = hsl((p.hue + p.index * 18) % 360, 70, 92 - p.index * 3);
  const bgB = hsl((p.hue + 30) % 360, 60, 80 - p.index * 4);
  const views = [
    { x: 250, y: 120, size: 300, rot: 0 },
    { x: 230, y: 110, size: 340, rot: -12 },
    { x: 180, y: 60, size: 440, rot: 0 },
    { x: 270, y: 140, size: 260, rot: 10 },
  ];
  const v = views[p.index % views.length]!;
  const showText = p.index !== 2;
  let body = gradient("g", bgA, bgB) + `<rect width="800" height="800" fill="url(#g)"/>`;
  body += `<circle cx="400" cy="${showText ? 290 : 290}" r="${showText ? 230 : 300}" fill="#ffffff" fill-opacity="0.45"/>`;
  if (p.index === 3) body += `<path d="M0 700h800M0 740h800" stroke="${dark}" stroke-opacity="0.15" stroke-width="6"/>`;
  body += icon(p.icon, v.x, v.y, v.size, dark, "#ffffff", v.rot);
  if (showText) {
    body += text(400, 640, p.title, fitFont(p.title, 700, 52, 26), dark, 700);
    body += text(400, 700, p.subtitle, fitFont(p.subtitle, 680, 32, 20), hsl(p.hue, 35, 38));
  }
  return svg(800, 800, body);
}

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

/** 200×200 shop logo: a coloured disc with the shop's initials and a store icon. */
export function shopLogoSvg(initials: string, color: string): string {
  return svg(
    200,
    200,
    `<rect width="200" height="200" fill="${color}"/>` +
      icon("store", 60, 24, 80, "#ffffff", color) +
      text(100, 160, initials, fitFont(initials, 170, 40, 18), "#ffffff", 700),
  );
}

/** Banner (1920×500 or 1200×400): gradient, icons and a bilingual headline. */
export function bannerSvg(w: number, h: number, hue: number, kind: IconKind, title: string, subtitle: string): string {
  const a = hsl(hue, 75, 55);
  const b = hsl((hue + 40) % 360, 80, 42);
  let body = gradient("g", a, b) + `<rect width="${w}" height="${h}" fill="url(#g)"/>`;
  body += `<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.6}" fill="#ffffff" fill-opacity="0.08"/><circle cx="${w * 0.1}" cy="${h}" r="${h * 0.5}" fill="#ffffff" fill-opacity="0.08"/>`;
  body += icon(kind, w * 0.68, h * 0.16, h * 0.68, "#ffffff", a);
  const textX = w === 1920 ? 360 : 120;
  body += text(textX, h * 0.45, title, fitFont(title, w * 0.5, h * 0.16, 24), "#ffffff", 700, "start");
  body += text(textX, h * 0.62, subtitle, fitFont(subtitle, w * 0.5, h * 0.07, 14), "#ffffff", 400, "start");
  body += `<rect x="${textX}" y="${h * 0.72}" width="${h * 0.4}" height="${h * 0.11}" rx="${h * 0.055}" fill="#ffffff"/>`;
  body += text(textX + h * 0.2, h * 0.795, "GO ›", h * 0.05, b, 700);
  return svg(w, h, body);
}

/** 1200×400 hot-zone picture: a row of tiles, each with an icon and a label. */
export function hotspotSvg(hue: number, tiles: { kind: IconKind; label: string }[]): string {
  const w = 1200;
  const h = 400;
  let body = `<rect width="${w}" height="${h}" fill="${hsl(hue, 60, 94)}"/>`;
  const tw = w / tiles.length;
  tiles.forEach((t, i) => {
    const x = i * tw;
    body += `<rect x="${x + 12}" y="12" width="${tw - 24}" height="${h - 24}" rx="16" fill="${hsl((hue + i * 25) % 360, 70, 86)}"/>`;
    body += icon(t.kind, x + tw / 2 - 90, 60, 180, hsl((hue + i * 25) % 360, 55, 32), "#ffffff");
    body += text(x + tw / 2, 320, t.label, fitFont(t.label, tw - 60, 34, 16), hsl(hue, 50, 25), 700);
  });
  return svg(w, h, body);
}

/** Page-module background (goods_module4/5): a soft pattern. */
export function moduleBgSvg(hue: number, title: string): string {
  const body =
    gradient("g", hsl(hue, 80, 60), hsl((hue + 30) % 360, 80, 48), true) +
    `<rect width="300" height="520" fill="url(#g)"/>` +
    `<circle cx="260" cy="60" r="90" fill="#ffffff" fill-opacity="0.12"/>` +
    icon("gift", 60, 280, 180, "#ffffff", hsl(hue, 80, 55)) +
    text(150, 120, title, fitFont(title, 260, 40, 18), "#ffffff", 700);
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

  async addQrCode(rel: string, url: string): Promise<string> {
    const content = await QRCode.toString(url, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
      color: { dark: "#1f2d3d", light: "#ffffff" },
    });
    return this.add(rel, content);
  }

  /** Writes every file under `${uploadsDir}/seed/` (overwriting), 64 at a time. */
  async flush(uploadsDir: string): Promise<void> {
    const root = path.join(uploadsDir, "seed");
    const dirs = new Set<string>();
    for (const rel of this.files.keys()) dirs.add(path.dirname(path.join(root, rel)));
    for (const d of dirs) await fs.mkdir(d, { recursive: true });
    const entries = [...this.files.entries()];
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(entries.slice(i, i + 64).map(([rel, content]) => fs.writeFile(path.join(root, rel), content)));
    }
  }
}
