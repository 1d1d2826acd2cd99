/**
 * Detail tabs (src/components/product/ProductTabs.astro): the anchor links become tabs that show
 * one section at a time. The first tab is the server's choice (reviews when the URL carries a
 * review filter or page), or the one named by the URL hash; clicking a tab updates the hash
 * without scrolling the page.
 */
function setup(root: HTMLElement): void {
  const links = Array.from(root.querySelectorAll<HTMLAnchorElement>("[data-tab]"));
  const panels = Array.from(root.querySelectorAll<HTMLElement>("[data-tab-panel]"));
  if (links.length === 0 || panels.length === 0) return;
  const ids = links.map((l) => l.dataset.tab ?? "");

  const show = (id: string) => {
    for (const l of links) {
      const on = l.dataset.tab === id;
      l.classList.toggle("active", on);
      if (on) l.setAttribute("aria-current", "true");
      else l.removeAttribute("aria-current");
    }
    for (const p of panels) p.hidden = p.dataset.tabPanel !== id;
  };

  const fromHash = () => {
    const h = decodeURIComponent(location.hash.slice(1));
    return ids.includes(h) ? h : null;
  };

  root.classList.add("enhanced");
  const hashed = fromHash();
  show(hashed ?? root.dataset.initial ?? ids[0]!);
  // The browser scrolled to the anchor before the other panels were hidden: land on the tabs.
  if (hashed) root.scrollIntoView({ block: "start" });

  for (const l of links) {
    l.addEventListener("click", (e) => {
      e.preventDefault();
      const id = l.dataset.tab ?? ids[0]!;
      show(id);
      history.replaceState(history.state, "", `#${id}`);
      const top = root.getBoundingClientRect().top;
      if (top < 0) root.scrollIntoView({ block: "start" });
    });
  }
  window.addEventListener("hashchange", () => {
    const id = fromHash();
    if (id) show(id);
  });
}

document.querySelectorAll<HTMLElement>("[data-product-tabs]").forEach(setup);
export {};
