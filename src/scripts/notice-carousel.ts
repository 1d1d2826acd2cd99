/**
 * Top-bar notice carousel: one 30px line at a time, scrolling up every 3 s; pauses while
 * hovered or focused and while the tab is hidden. The first item is cloned at the end so the
 * loop is seamless; the clone is hidden from assistive technology and from the tab order.
 */
const INTERVAL_MS = 3000;
const ITEM_HEIGHT_PX = 30;
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function setup(root: HTMLElement): void {
  const list = root.querySelector<HTMLElement>("[data-notice-list]");
  if (!list) return;
  const items = Array.from(list.children) as HTMLElement[];
  const count = items.length;
  if (count < 2) return;

  const clone = items[0]!.cloneNode(true) as HTMLElement;
  clone.removeAttribute("data-testid");
  clone.setAttribute("aria-hidden", "true");
  clone.querySelectorAll("a").forEach((a) => a.setAttribute("tabindex", "-1"));
  list.appendChild(clone);

  let index = 0;
  let paused = false;
  let timer: number | undefined;

  const show = (i: number, animate: boolean) => {
    list.style.transition = animate && !reduceMotion ? "transform 0.5s ease" : "none";
    list.style.transform = `translateY(${-i * ITEM_HEIGHT_PX}px)`;
  };

  list.addEventListener("transitionend", () => {
    if (index >= count) {
      index = 0;
      show(0, false);
    }
  });

  const tick = () => {
    if (paused || document.hidden) return;
    index += 1;
    show(index, true);
    if (reduceMotion && index >= count) {
      index = 0;
      show(0, false);
    }
  };
  const start = () => {
    window.clearInterval(timer);
    timer = window.setInterval(tick, INTERVAL_MS);
  };

  root.addEventListener("mouseenter", () => (paused = true));
  root.addEventListener("mouseleave", () => (paused = false));
  root.addEventListener("focusin", (e) => {
    paused = true;
    // Keyboard focus on a notice: show that notice.
    const li = (e.target as HTMLElement).closest("li");
    const i = li ? items.indexOf(li) : -1;
    if (i >= 0) {
      index = i;
      show(i, false);
    }
  });
  root.addEventListener("focusout", (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) paused = false;
  });
  root.dataset.running = "true";
  start();
}

document.querySelectorAll<HTMLElement>("[data-notice-carousel]").forEach(setup);
