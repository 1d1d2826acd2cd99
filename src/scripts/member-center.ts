/**
 * /member-center/member-center: fills the logged-in buyer's level, growth, progress to the next
 * level and paid membership (GET /p/score/scoreLevel/page); visitors keep the login prompt.
 */
import { isLoggedIn } from "../client/token.ts";
import type { LevelPageDto } from "../lib/member/member-types.ts";
import { formatDate } from "../lib/date-format.ts";

const root = document.querySelector<HTMLElement>("[data-member-me]");

function fill(root: HTMLElement, page: LevelPageDto): void {
  const d = root.dataset;
  const set = (key: string, text: string) => {
    const el = root.querySelector<HTMLElement>(`[data-me="${key}"]`);
    if (el) el.textContent = text;
  };
  const levels = JSON.parse(d.levels ?? "[]") as { level: number; name: string; need: number }[];
  set("levelName", page.userLevel.levelName);
  set("growth", page.growth.toLocaleString("en"));
  const next = levels.find((l) => l.need > page.growth);
  const prev = [...levels].reverse().find((l) => l.need <= page.growth);
  set(
    "next",
    next
      ? (d.tToNext ?? "").replace("{{n}}", String(next.need - page.growth)).replace("{{name}}", next.name)
      : (d.tTop ?? ""),
  );
  const bar = root.querySelector<HTMLElement>("[data-me-progress]");
  if (bar) {
    const from = prev?.need ?? 0;
    const pct = next ? Math.min(100, Math.round(((page.growth - from) / Math.max(1, next.need - from)) * 100)) : 100;
    bar.style.width = `${pct}%`;
  }
  document
    .querySelectorAll<HTMLElement>("[data-ladder-level]")
    .forEach((li) => li.classList.toggle("is-current", Number(li.dataset.ladderLevel) === prev?.level));
  const paid = root.querySelector<HTMLElement>("[data-me-paid]");
  if (page.endTime) {
    set("paid", (d.tPaidActive ?? "").replace("{{date}}", formatDate(page.endTime)));
    set("buy", d.tRenew ?? "");
    paid?.classList.add("is-active");
  } else {
    set("paid", d.tPaidNone ?? "");
  }
  root.querySelector<HTMLElement>("[data-me-login]")!.hidden = true;
  root.querySelector<HTMLElement>("[data-me-body]")!.hidden = false;
}

if (root && isLoggedIn()) {
  void import("../client/data/member.ts").then(({ getLevelPage }) =>
    getLevelPage(1).then(
      (page) => fill(root, page),
      () => {
        const login = root.querySelector<HTMLElement>("[data-me-login]");
        if (login) login.textContent = root.dataset.tFailed ?? "";
      },
    ),
  );
}
