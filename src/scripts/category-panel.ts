/**
 * "All goods categories" panel (SPEC §2, §9). Server-rendered; this script adds:
 *   - open on hover / focus of the trigger (not on the home page, where it is always open);
 *   - the second/third-level pane of a first-level item after a 100 ms hover delay
 *     (immediately on keyboard focus);
 *   - up/down arrows (only rendered with 9+ first-level items) scrolling 55 px, disabled at the ends;
 *   - Escape closes. Without JavaScript, CSS :hover / :focus-within does the same without delay.
 */
import { CATEGORY_HOVER_MS, CATEGORY_SCROLL_STEP_PX } from "../lib/catalog/category-panel.ts";

function setup(menu: HTMLElement): void {
  const trigger = menu.querySelector<HTMLButtonElement>("[data-category-trigger]");
  const panel = menu.querySelector<HTMLElement>("[data-category-panel]");
  if (!trigger || !panel) return;
  const permanent = menu.hasAttribute("data-permanent");
  const list = panel.querySelector<HTMLElement>("[data-category-list]");
  const items = Array.from(panel.querySelectorAll<HTMLElement>("[data-category-l1]"));
  const up = panel.querySelector<HTMLButtonElement>("[data-category-up]");
  const down = panel.querySelector<HTMLButtonElement>("[data-category-down]");
  menu.dataset.js = "true";

  let hoverTimer: number | undefined;
  let active: HTMLElement | null = null;

  const setActive = (item: HTMLElement | null) => {
    window.clearTimeout(hoverTimer);
    if (item === active) return;
    active = item;
    for (const it of items) {
      const on = it === item;
      it.toggleAttribute("data-active", on);
      it.querySelector("[data-category-l1-link]")?.setAttribute("aria-expanded", String(on));
    }
  };

  const setOpen = (open: boolean) => {
    if (!open) setActive(null);
    if (permanent) return;
    menu.toggleAttribute("data-open", open);
    trigger.setAttribute("aria-expanded", String(open));
  };

  // Panel open / close. A click only opens (the pointer already opened it on hover, and a
  // toggle would close it again); Escape, leaving and moving focus away close it.
  let skipFocusActivate = false;
  menu.addEventListener("mouseenter", () => setOpen(true));
  menu.addEventListener("mouseleave", () => setOpen(false));
  trigger.addEventListener("focus", () => {
    if (!skipFocusActivate) setOpen(true);
  });
  trigger.addEventListener("click", () => setOpen(true));
  menu.addEventListener("focusout", (e) => {
    if (!menu.contains(e.relatedTarget as Node | null)) setOpen(false);
  });
  menu.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    const current = active;
    const focusInPane = current?.querySelector("[data-category-sub]")?.contains(document.activeElement) ?? false;
    setOpen(false);
    // Focus goes back to the trigger (or, on the home page, to the first-level link) without
    // opening anything again.
    skipFocusActivate = true;
    if (!permanent) trigger.focus();
    else if (current && focusInPane) current.querySelector<HTMLElement>("[data-category-l1-link]")?.focus();
    skipFocusActivate = false;
  });

  // First-level items: hover with delay, focus at once.
  for (const item of items) {
    item.addEventListener("mouseenter", () => {
      window.clearTimeout(hoverTimer);
      hoverTimer = window.setTimeout(() => setActive(item), CATEGORY_HOVER_MS);
    });
    item.querySelector("[data-category-l1-link]")?.addEventListener("focus", () => {
      if (!skipFocusActivate) setActive(item);
    });
  }
  list?.addEventListener("mouseleave", () => window.clearTimeout(hoverTimer));
  panel.addEventListener("mouseleave", () => setActive(null));

  // Scroll arrows.
  if (list && up && down) {
    const update = () => {
      up.disabled = list.scrollTop <= 0;
      down.disabled = list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
    };
    const smooth = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    up.addEventListener("click", () => list.scrollBy({ top: -CATEGORY_SCROLL_STEP_PX, behavior: smooth }));
    down.addEventListener("click", () => list.scrollBy({ top: CATEGORY_SCROLL_STEP_PX, behavior: smooth }));
    list.addEventListener("scroll", update, { passive: true });
    update();
  }
}

document.querySelectorAll<HTMLElement>("[data-category-menu]").forEach(setup);
