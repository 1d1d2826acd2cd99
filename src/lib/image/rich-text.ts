/**
 * Pictures inside rich text (a product's description, already sanitised): each `<img>` of a
 * picture the pipeline knows becomes the same `<picture>` as everywhere else (picture.ts), shown
 * at most `column` px wide; any other `<img>` only loads lazily.
 */
import type { ImageInfo } from "./ladder.ts";
import { pictureView, type PictureView } from "./picture.ts";

const IMG = /<img\b[^>]*>/gi;

function attr(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The `src` of every `<img>` of `html`, in order. */
export function richTextImageSources(html: string): string[] {
  return [...html.matchAll(IMG)].map((m) => attr(m[0], "src") ?? "");
}

function markup({ sources, img }: PictureView, alt: string): string {
  const a = (name: string, value: string | number | undefined) =>
    value === undefined ? "" : ` ${name}="${escape(String(value))}"`;
  const tag =
    `<img${a("src", img.src)}${a("srcset", img.srcset)}${a("sizes", img.sizes)}${a("width", img.width)}` +
    `${a("height", img.height)}${a("loading", img.loading)}${a("decoding", img.decoding)}${a("style", img.style)}` +
    ` alt="${alt}">`;
  if (sources.length === 0) return tag;
  const src = sources.map((s) => `<source${a("type", s.type)}${a("srcset", s.srcset)}${a("sizes", img.sizes)}>`);
  return `<picture class="pic">${src.join("")}${tag}</picture>`;
}

/** `html` with its pictures from the ladder (`infos`: what the pipeline knows of each src). */
export function richTextPictures(html: string, infos: ReadonlyMap<string, ImageInfo | null>, column: number): string {
  return html.replace(IMG, (tag) => {
    const src = attr(tag, "src") ?? "";
    const info = infos.get(src) ?? null;
    if (!info) return /\sloading=/i.test(tag) ? tag : tag.replace(/^<img\b/i, '<img loading="lazy" decoding="async"');
    const width = Number(attr(tag, "width")) || info.width;
    const height = Number(attr(tag, "height")) || Math.round((info.height * width) / info.width);
    const shown = Math.min(width, column);
    return markup(pictureView(src, info, { width, height, sizes: `${shown}px` }), attr(tag, "alt") ?? "");
  });
}
