/**
 * <details data-disclosure-panel> whose content floats over the page as a panel (the product
 * page's coupons): Escape closes it and puts the focus back on its summary; a click outside
 * closes it. Opening and closing by mouse and keyboard is the browser's own <details>.
 */
const panels = [...document.querySelectorAll<HTMLDetailsElement>("details[data-disclosure-panel]")];

if (panels.length > 0) {
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    for (const d of panels) {
      if (!d.open) continue;
      d.open = false;
      d.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (e) => {
    for (const d of panels) if (d.open && e.target instanceof Node && !d.contains(e.target)) d.open = false;
  });
}
