/**
 * Product gallery (src/components/product/Gallery.astro): hovering, focusing or clicking a
 * thumbnail shows it in the main frame (the thumbnail link's full-size href is the no-JS
 * fallback). The buy box asks for a SKU's picture with a "gallery:show" event {src}. The main
 * frame's picture of each picture the gallery may show is rendered by the server (the same
 * Picture component as the first one) in a `<template data-gallery-picture>`: the script only
 * swaps them, so the ladder's code never reaches the browser (docs/performance.md).
 */

export interface GalleryShowDetail {
  src: string;
}

function setup(root: HTMLElement): void {
  const frame = root.querySelector<HTMLElement>(".g-main");
  if (!frame) return;
  const thumbs = Array.from(root.querySelectorAll<HTMLAnchorElement>("[data-gallery-thumb]"));
  const templates = new Map<string, HTMLTemplateElement>();
  for (const t of Array.from(root.querySelectorAll<HTMLTemplateElement>("template[data-gallery-picture]")))
    templates.set(t.dataset.galleryPicture ?? "", t);
  let shown = root.dataset.galleryFirst ?? "";

  const show = (src: string, alt?: string) => {
    if (!src) return;
    const template = templates.get(src);
    if (src !== shown && template) {
      const current = frame.querySelector<HTMLImageElement>("[data-gallery-main]");
      const next = template.content.cloneNode(true) as DocumentFragment;
      const img = next.querySelector<HTMLImageElement>("[data-gallery-main]");
      if (img) {
        img.alt = alt ?? current?.alt ?? img.alt;
        // Asked for now: served lazy (only the page's LCP picture is eager in the HTML).
        img.loading = "eager";
      }
      frame.replaceChildren(next);
      shown = src;
    } else if (alt && src === shown) {
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
