/**
 * Countdowns of limited-time offers: every [data-countdown-end] (ISO time) shows the time left,
 * once a second, with the templates the page rendered (data-tpl-days / data-tpl-hours, holding
 * {{d}} {{h}} {{m}} {{s}}; hours unpadded, like every countdown of docs/design.md). The server's time (data-server-now on the first element) corrects the
 * browser's clock. At zero the page reloads once so the offer's new state shows.
 */
const els = [...document.querySelectorAll<HTMLElement>("[data-countdown-end]")];
const serverNow = Number(new Date(els[0]?.dataset.serverNow ?? "").getTime());
const skew = Number.isFinite(serverNow) ? serverNow - Date.now() : 0;
const pad = (n: number) => String(n).padStart(2, "0");

function render(el: HTMLElement): boolean {
  const left = new Date(el.dataset.countdownEnd ?? "").getTime() - (Date.now() + skew);
  if (!Number.isFinite(left)) return false;
  if (left <= 0) return true;
  const s = Math.floor(left / 1000);
  const d = Math.floor(s / 86400);
  const values: Record<string, string> = {
    d: String(d),
    h: String(Math.floor((s % 86400) / 3600)),
    m: pad(Math.floor((s % 3600) / 60)),
    s: pad(s % 60),
  };
  const tpl = (d > 0 ? el.dataset.tplDays : el.dataset.tplHours) ?? "";
  const text = (el.dataset.tplWrap ?? "{{time}}").replace(
    "{{time}}",
    tpl.replace(/\{\{(\w)\}\}/g, (_, k: string) => values[k] ?? ""),
  );
  if (el.textContent !== text) el.textContent = text;
  return false;
}

if (els.length) {
  let reloaded = false;
  const tick = () => {
    let ended = false;
    for (const el of els) ended = render(el) || ended;
    if (ended && !reloaded && sessionStorage.getItem("countdown-reload") !== location.href) {
      reloaded = true;
      sessionStorage.setItem("countdown-reload", location.href);
      location.reload();
    }
  };
  tick();
  window.setInterval(tick, 1000);
}
export {};
