/**
 * Loads a page script on the first interaction with its part of the page instead of with the
 * page (docs/performance.md "Browser JavaScript": what is not needed to show the page loads on
 * interaction). The server HTML works without the script meanwhile; pointer over, focus in, a
 * touch or a key starts the import, and a click on a button or link or a form submission that
 * comes before the script is ready is held and replayed once it is.
 */
const TRIGGERS = ["pointerover", "focusin", "touchstart", "keydown", "click", "submit"] as const;

export function onFirstInteraction(root: HTMLElement, load: () => Promise<unknown>): { now: () => Promise<void> } {
  let ready = false;
  let loading: Promise<void> | null = null;
  const held: HTMLElement[] = [];
  let heldSubmit: HTMLFormElement | null = null;

  const now = (): Promise<void> =>
    (loading ??= load().then(() => {
      ready = true;
      for (const type of TRIGGERS) root.removeEventListener(type, onEvent, true);
      for (const el of held.splice(0)) el.click();
      const form = heldSubmit;
      heldSubmit = null;
      form?.requestSubmit();
    }));

  function onEvent(e: Event): void {
    if (ready) return;
    if (e.type === "submit" && e.target instanceof HTMLFormElement) {
      e.preventDefault();
      e.stopImmediatePropagation();
      heldSubmit = e.target;
    } else if (e.type === "click") {
      const target = (e.target as Element | null)?.closest<HTMLElement>("button, a[href]");
      if (target && root.contains(target)) {
        e.preventDefault();
        e.stopImmediatePropagation();
        held.push(target);
      }
    }
    void now();
  }

  for (const type of TRIGGERS)
    root.addEventListener(type, onEvent, { capture: true, passive: type !== "click" && type !== "submit" });
  return { now };
}
