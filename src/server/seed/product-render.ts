/**
 * Neutral product renders for the demo seed (docs/demo-data.md "Pictures"): an 800×800 studio
 * shot without any text — the category's object (icons.ts) as a solid with depth (an extruded
 * back, a lit face with a soft highlight and shade), standing on a seamless backdrop with a soft
 * floor shadow. The gallery's pictures of one product show it in other light, angle, size and
 * colourway. Deterministic (same input, same bytes); a few KB each.
 */
import { drawIcon, type IconKind } from "./icons.ts";
import { hsl } from "./images.ts";

export interface ProductRenderSpec {
  /** The category's hue (0-359). */
  hue: number;
  icon: IconKind;
  /** 0-based picture number within the product's gallery. */
  index: number;
  /** Varies colourways between products of one category (e.g. the product id). */
  variant?: number;
}

interface Shot {
  /** Object box: left, top, size (px of 800), rotation (degrees). */
  x: number;
  y: number;
  size: number;
  rot: number;
  /** Backdrop: centre and edge lightness; whether the object stands on a table top. */
  light: [number, number];
  table: boolean;
}

const SHOTS: Shot[] = [
  { x: 190, y: 150, size: 420, rot: 0, light: [99, 90], table: false },
  { x: 205, y: 170, size: 380, rot: -14, light: [97, 86], table: true },
  { x: 110, y: 70, size: 580, rot: 0, light: [98, 92], table: false },
  { x: 220, y: 170, size: 360, rot: 12, light: [95, 84], table: true },
];

/** Colourways: [hue shift, saturation, lightness] of the product's body. */
const FINISHES: [number, number, number][] = [
  [0, 48, 46],
  [0, 8, 24],
  [180, 35, 50],
  [30, 55, 52],
  [0, 6, 82],
];

export function productRenderSvg(p: ProductRenderSpec): string {
  const shot = SHOTS[p.index % SHOTS.length]!;
  const [shift, sat, lig] = FINISHES[((p.variant ?? 0) + p.index) % FINISHES.length]!;
  const hue = (p.hue + shift) % 360;
  const face = hsl(hue, sat, lig);
  const side = hsl(hue, sat, Math.max(8, lig - 18));
  const detail = lig > 70 ? hsl(hue, 12, 35) : hsl(hue, Math.min(30, sat), Math.min(94, lig + 40));
  const bgHue = p.hue;
  const [c, e] = shot.light;
  const scale = shot.size / 200;
  const place = (dx: number, dy: number) =>
    `translate(${shot.x + dx} ${shot.y + dy}) scale(${scale})${shot.rot ? ` rotate(${shot.rot} 100 100)` : ""}`;
  const floorY = shot.y + shot.size * 0.93;
  const depth = Math.round(shot.size / 40);
  const tableY = Math.round(shot.y + shot.size * 0.72);

  let defs =
    `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${hsl(bgHue, 10, c)}"/>` +
    `<stop offset="1" stop-color="${hsl(bgHue, 8, e)}"/></radialGradient>` +
    `<linearGradient id="lit" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".42"/>` +
    `<stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".32"/></linearGradient>` +
    `<radialGradient id="spec" cx="32%" cy="24%" r="30%"><stop offset="0" stop-color="#fff" stop-opacity=".5"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<filter id="blur" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="16"/></filter>` +
    `<mask id="body" maskUnits="userSpaceOnUse" x="0" y="0" width="800" height="800">` +
    `<g transform="${place(0, 0)}">${drawIcon(p.icon, "#fff", "#fff")}</g></mask>`;
  if (shot.table)
    defs +=
      `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(bgHue, 14, 80)}"/>` +
      `<stop offset="1" stop-color="${hsl(bgHue, 12, 70)}"/></linearGradient>`;

  let body = `<defs>${defs}</defs><rect width="800" height="800" fill="url(#bg)"/>`;
  if (shot.table) body += `<rect y="${tableY}" width="800" height="${800 - tableY}" fill="url(#table)"/>`;
  body +=
    `<ellipse cx="${shot.x + shot.size / 2 + depth}" cy="${floorY}" rx="${shot.size * 0.42}" ry="${shot.size * 0.05}" ` +
    `fill="#000" fill-opacity=".22" filter="url(#blur)"/>`;
  // The extruded back: the object's outline stepped towards the lower right, in its side colour.
  for (let i = depth; i > 0; i -= 2) body += `<g transform="${place(i, i)}">${drawIcon(p.icon, side, side)}</g>`;
  body += `<g transform="${place(0, 0)}">${drawIcon(p.icon, face, detail)}</g>`;
  body += `<rect width="800" height="800" fill="url(#lit)" mask="url(#body)"/>`;
  body += `<rect width="800" height="800" fill="url(#spec)" mask="url(#body)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${body}</svg>\n`;
}
