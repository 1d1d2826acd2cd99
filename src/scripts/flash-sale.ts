/**
 * Flash-sale pages (docs/flash-sale.md): every [data-flash-window] shows its state
 * ("on now", "starts at HH:MM", "ended") and the time to the next switch, once a second, from
 * its start / end and the browser's clock — the HTML is cached, so the times are data and the
 * switch happens here. A [data-flash-buy] button inside a window's [data-flash-scope] is on only
 * while the window is live (and stock is left): it turns on at the start without a reload; so do
 * /flash-sale's [data-flash-go] links (red while on, a ghost "not started" / "ended" / "sold out" else).
 * Session tabs ([role=tab]) switch panels in place; their links work without the script.
 */
import { countdownText, FlashState, windowState, type FlashStateValue } from "../lib/flash-sale/flash-sale.ts";

const windows = [...document.querySelectorAll<HTMLElement>("[data-flash-window]")];

function render(el: HTMLElement, now: number): FlashStateValue {
  const start = Date.parse(el.dataset.start ?? "");
  const end = Date.parse(el.dataset.end ?? "");
  const st = windowState(start, end, now);
  const d = el.dataset;
  const label = st === FlashState.LIVE ? d.tplLive : st === FlashState.UPCOMING ? d.tplUpcoming : d.tplEnded;
  const stateEl = el.querySelector<HTMLElement>("[data-flash-state]");
  if (stateEl && label && stateEl.textContent !== label) stateEl.textContent = label;
  const timer = el.querySelector<HTMLElement>("[data-flash-timer]");
  if (timer) {
    const text =
      st === FlashState.ENDED
        ? ""
        : `${st === FlashState.LIVE ? d.tplEndsIn : d.tplStartsIn} ${countdownText((st === FlashState.LIVE ? end : start) - now, { hms: d.tplHms ?? "", ms: d.tplMs ?? "" })}`;
    if (timer.textContent !== text) timer.textContent = text;
  }
  if (String(st) !== el.dataset.state) el.dataset.state = String(st);
  const scope = el.closest<HTMLElement>("[data-flash-scope]");
  scope?.querySelectorAll<HTMLButtonElement>("[data-flash-buy]").forEach((b) => {
    const off = st !== FlashState.LIVE || b.dataset.soldOut === "1";
    if (b.disabled !== off) b.disabled = off;
    const text =
      st === FlashState.UPCOMING
        ? b.dataset.tplUpcoming
        : st === FlashState.ENDED
          ? b.dataset.tplEnded
          : b.dataset.soldOut === "1"
            ? b.dataset.tplSoldOut
            : b.dataset.tplLive;
    if (text && b.textContent !== text) b.textContent = text;
  });
  // /flash-sale's links to the activities: red only while the session is on and units are left.
  scope?.querySelectorAll<HTMLAnchorElement>("[data-flash-go]").forEach((a) => {
    const soldOut = a.dataset.soldOut === "1";
    const ghost = st !== FlashState.LIVE || soldOut;
    if (a.classList.contains("btn-ghost") !== ghost) a.classList.toggle("btn-ghost", ghost);
    const d = a.dataset;
    const text =
      st === FlashState.UPCOMING
        ? d.tplUpcoming
        : st === FlashState.ENDED
          ? d.tplEnded
          : soldOut
            ? d.tplSoldOut
            : d.tplLive;
    if (text && a.textContent !== text) a.textContent = text;
  });
  return st;
}

if (windows.length) {
  const tick = () => {
    const now = Date.now();
    for (const el of windows) render(el, now);
  };
  tick();
  // On the next second boundary, then every second: the button turns on within a few ms of the start.
  window.setTimeout(
    () => {
      tick();
      window.setInterval(tick, 1000);
    },
    1000 - (Date.now() % 1000),
  );
}

// Session tabs.
const tabs = [...document.querySelectorAll<HTMLAnchorElement>("[data-flash-tab]")];
for (const tab of tabs) {
  tab.addEventListener("click", (e) => {
    const id = tab.dataset.flashTab;
    const panel = document.getElementById(`fs-panel-${id}`);
    if (!panel) return;
    e.preventDefault();
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.classList.toggle("is-active", on);
      const p = document.getElementById(`fs-panel-${t.dataset.flashTab}`);
      if (p) p.hidden = !on;
    }
    history.replaceState(null, "", tab.href);
  });
}

// The buy button of /secdetail: loads its script on the first press.
const buy = document.querySelector<HTMLButtonElement>("[data-flash-buy]");
buy?.addEventListener("click", () => {
  void import("./flash-buy.ts").then(({ startBuy }) => startBuy(buy));
});
