/**
 * Product gallery (src/components/product/Gallery.astro): hovering, focusing or clicking a
 * thumbnail shows it in the main frame (the thumbnail link's full-size href is the no-JS
 * fallback). The buy box asks for a SKU's picture with a "gallery:show" event {src}. The main
 * frame's picture is built from the ladder like the server builds it (src/lib/image/picture.ts),
 * from what the pipeline knows of each picture (data-gallery-pictures).
 */
import type { ImageInfo } from "../lib/image/ladder.ts";
import { pictureView } from "../lib/image/picture.ts";

export interface GalleryShowDetail {
  src: string;
}

function readPictures(root: HTMLElement): Record<string, ImageInfo | null> {
  try {
    return JSON.parse(root.dataset.galleryPictures ?? "{}") as Record<string, ImageInfo | null>;
  } catch {
    return {};
  }
}

/** The main frame's element (a <picture> or a bare <img>) for the picture at `src`. */
function mainPicture(
  src: string,
  info: ImageInfo | null,
  opts: { size: number; sizes: string; alt: string; like: HTMLImageElement | null },
): HTMLElement {
  const { size, sizes } = opts;
  const { sources, img } = pictureView(src, info, { width: size, height: size, sizes, lcp: true });
  const el = document.createElement("img");
  // The same class and style scope as the server's main picture.
  for (const a of Array.from(opts.like?.attributes ?? []))
    if (a.name === "class" || a.name.startsWith("data-astro-cid")) el.setAttribute(a.name, a.value);
  el.dataset.galleryMain = "";
  el.alt = opts.alt;
  el.width = img.width;
  el.height = img.height;
  el.decoding = img.decoding;
  if (img.style) el.setAttribute("style", img.style);
  if (img.srcset) el.srcset = img.srcset;
  if (img.sizes) el.sizes = img.sizes;
  el.src = img.src;
  if (sources.length === 0) return el;
  const picture = document.createElement("picture");
  picture.className = "pic";
  for (const s of sources) {
    const source = document.createElement("source");
    source.type = s.type;
    source.srcset = s.srcset;
    source.sizes = sizes;
    picture.append(source);
  }
  picture.append(el);
  return picture;
}

function setup(root: HTMLElement): void {
  const frame = root.querySelector<HTMLImageElement>("[data-gallery-main]")?.closest(".g-main");
  if (!frame) return;
  const thumbs = Array.from(root.querySelectorAll<HTMLAnchorElement>("[data-gallery-thumb]"));
  const pictures = readPictures(root);
  const size = Number(root.dataset.gallerySize) || 420;
  const sizes = root.dataset.gallerySizes ?? `${size}px`;
  let shown = root.dataset.galleryFirst ?? "";

  const show = (src: string, alt?: string) => {
    if (!src) return;
    if (src !== shown) {
      const current = frame.querySelector<HTMLImageElement>("[data-gallery-main]");
      const next = mainPicture(src, pictures[src] ?? null, {
        size,
        sizes,
        alt: alt ?? current?.alt ?? "",
        like: current,
      });
      frame.replaceChildren(next);
      shown = src;
    } else if (alt) {
      const current = frame.querySelector<HTMLImageElement>("[data-gallery-main]");
      if (current) current.alt = alt;
    }
    for (const th of thumbs) {
      const on = th.dataset.src === src;
      th.classList.toggle("active", on);
      if (on) th.setAttribute("aria-current", "true");
      else th.removeAttribute("aria-current");
    }
  };

  for (const th of thumbs) {
    const pick = () => show(th.dataset.src ?? "", th.dataset.alt);
    th.addEventListener("mouseenter", pick);
    th.addEventListener("focus", pick);
    th.addEventListener("click", (e) => {
      e.preventDefault();
      pick();
    });
  }

  root.addEventListener("gallery:show", (e) => {
    const detail = (e as CustomEvent<GalleryShowDetail>).detail;
    if (detail?.src) show(detail.src);
  });
}

document.querySelectorAll<HTMLElement>("[data-gallery]").forEach(setup);
