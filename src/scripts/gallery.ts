/**
 * Product gallery (src/components/product/Gallery.astro): hovering, focusing or clicking a
 * thumbnail shows it in the main frame (the thumbnail link's full-image href is the no-JS
 * fallback). The buy box asks for a SKU's picture with a "gallery:show" event {src}.
 */
export interface GalleryShowDetail {
  src: string;
}

function setup(root: HTMLElement): void {
  const main = root.querySelector<HTMLImageElement>("[data-gallery-main]");
  if (!main) return;
  const thumbs = Array.from(root.querySelectorAll<HTMLAnchorElement>("[data-gallery-thumb]"));

  const show = (src: string, alt?: string) => {
    if (!src) return;
    if (main.getAttribute("src") !== src) main.src = src;
    if (alt) main.alt = alt;
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
