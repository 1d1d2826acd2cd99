/**
 * Decoration carousels (picture_by, [data-carousel]): one slide visible at a time, advancing
 * every 5 s; paused while hovered or keyboard-focused, while the tab is hidden, and not at all with
 * prefers-reduced-motion. Prev/next buttons and indicator dots (when rendered) are revealed
 * here, since they only work with JavaScript. Hidden slides are aria-hidden and their links
 * leave the tab order.
 */
export const CAROUSEL_INTERVAL_MS = 5000;

function setup(root: HTMLElement): void {
  if (root.dataset.carouselReady) return;
  const slides = Array.from(root.querySelectorAll<HTMLElement>("[data-carousel-slide]"));
  if (slides.length < 2) return;
  root.dataset.carouselReady = "true";
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]"));
  const prev = root.querySelector<HTMLButtonElement>("[data-carousel-prev]");
  const next = root.querySelector<HTMLButtonElement>("[data-carousel-next]");
  const dotsBox = root.querySelector<HTMLElement>("[data-carousel-dots]");
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let index = 0;
  let hovered = false;
  let focused = false;
  let timer: number | undefined;

  const show = (i: number) => {
    index = (i + slides.length) % slides.length;
    slides.forEach((s, k) => {
      const active = k === index;
      s.toggleAttribute("data-active", active);
      if (active) s.removeAttribute("aria-hidden");
      else s.setAttribute("aria-hidden", "true");
      s.querySelectorAll<HTMLElement>("a, button").forEach((el) =>
        active ? el.removeAttribute("tabindex") : el.setAttribute("tabindex", "-1"),
      );
      // Lazy pictures of the next slide start loading before they are shown.
      if (k === (index + 1) % slides.length) s.querySelector("img")?.setAttribute("loading", "eager");
    });
    dots.forEach((d, k) => (k === index ? d.setAttribute("aria-current", "true") : d.removeAttribute("aria-current")));
  };

  const stop = () => {
    window.clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    if (reduceMotion || hovered || focused || document.hidden) return;
    timer = window.setInterval(() => show(index + 1), CAROUSEL_INTERVAL_MS);
  };

  prev?.addEventListener("click", () => {
    show(index - 1);
  });
  next?.addEventListener("click", () => {
    show(index + 1);
  });
  dots.forEach((d, k) => d.addEventListener("click", () => show(k)));
  root.addEventListener("mouseenter", () => {
    hovered = true;
    stop();
  });
  root.addEventListener("mouseleave", () => {
    hovered = false;
    start();
  });
  root.addEventListener("focusin", (e) => {
    // Keyboard focus pauses; a mouse click on a button or dot does not (hover already does).
    const target = e.target as Element | null;
    if (target && !target.matches(":focus-visible")) return;
    focused = true;
    stop();
  });
  root.addEventListener("focusout", (e) => {
    if (root.contains(e.relatedTarget as Node | null)) return;
    focused = false;
    start();
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") show(index - 1);
    else if (e.key === "ArrowRight") show(index + 1);
  });
  document.addEventListener("visibilitychange", () => (document.hidden ? stop() : start()));

  if (prev) prev.hidden = false;
  if (next) next.hidden = false;
  if (dotsBox) dotsBox.hidden = false;
  show(0);
  start();
}

document.querySelectorAll<HTMLElement>("[data-carousel]").forEach(setup);
