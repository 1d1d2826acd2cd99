/**
 * The quantity stepper of server pages (src/styles/controls.css ".stepper"): − and + change the
 * number input of their [data-stepper] within its min and max and fire "input" and "change" like
 * typing would; the buttons turn off at the ends. One delegated listener serves every stepper.
 */
const clamp = (input: HTMLInputElement, n: number): number => {
  const min = input.min === "" ? 1 : Number(input.min);
  const max = input.max === "" ? Number.MAX_SAFE_INTEGER : Number(input.max);
  return Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
};

function sync(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>("input");
  if (!input) return;
  const n = Number(input.value);
  for (const b of root.querySelectorAll<HTMLButtonElement>("[data-step]")) {
    const step = Number(b.dataset.step);
    b.disabled = input.disabled || clamp(input, n + step) === n;
  }
}

document.addEventListener("click", (e) => {
  const button = (e.target as Element | null)?.closest<HTMLButtonElement>("[data-stepper] [data-step]");
  const root = button?.closest<HTMLElement>("[data-stepper]");
  const input = root?.querySelector<HTMLInputElement>("input");
  if (!button || !root || !input) return;
  const next = clamp(input, Number(input.value) + Number(button.dataset.step));
  if (String(next) !== input.value) {
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  sync(root);
});

document.addEventListener("input", (e) => {
  const root = (e.target as Element | null)?.closest<HTMLElement>("[data-stepper]");
  if (root) sync(root);
});

for (const root of document.querySelectorAll<HTMLElement>("[data-stepper]")) sync(root);
