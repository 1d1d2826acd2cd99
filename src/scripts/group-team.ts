/**
 * The team page (/group-team?groupTeamId=) and "My group buys" (/user-center/uc-group): load the
 * buyer's team(s) from the API and show them with the texts the page rendered (data-tpl-*).
 * Team page: product, status, members (leader marked) and empty seats, countdown, share link,
 * the buyer's order or a way to join.
 */
import { getTeam, getTeamIdByOrder, listMyTeams } from "../client/data/group-buy.ts";
import { getToken } from "../client/token.ts";
import { countdownText } from "../lib/flash-sale/flash-sale.ts";
import type { TeamInfoDto } from "../lib/group-buy/group-buy.ts";

function el(
  tag: string,
  props: Record<string, string | number | boolean> = {},
  ...kids: (Node | string)[]
): HTMLElement {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}
const SVG_NS = "http://www.w3.org/2000/svg";
/** Two people: the user centre's empty-state icon of my group buys. */
const TEAM_ICON =
  "M17 22a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM4 40c0-7.2 5.8-13 13-13s13 5.8 13 13M32 22a6 6 0 1 0 0-12M36 27c4.8 1.5 8 6.4 8 13";
const tpl = (s: string | undefined, n: number) => (s ?? "").replace("{{n}}", String(n));

function needLogin(root: HTMLElement, at: HTMLElement): void {
  at.replaceChildren(
    el(
      "a",
      {
        href: `${root.dataset.loginHref}?redirect=${encodeURIComponent(location.pathname + location.search)}`,
        className: "btn",
      },
      root.dataset.tplLogin ?? "",
    ),
  );
}

async function teamPage(root: HTMLElement): Promise<void> {
  const body = root.querySelector<HTMLElement>("[data-gt-body]")!;
  if (!getToken()) return needLogin(root, body);
  const q = new URLSearchParams(location.search);
  const d = root.dataset;
  let team: TeamInfoDto;
  try {
    // From an order: ?orderNumber= (the buyer's own group order) names the team.
    const byOrder = q.get("orderNumber");
    const id = byOrder ? await getTeamIdByOrder(byOrder) : (q.get("groupTeamId") ?? "");
    team = await getTeam(id);
  } catch (e) {
    body.textContent = (e as { msg?: string }).msg || d.tplNotFound || "";
    return;
  }
  const base = d.base ?? "";
  const status = el(
    "p",
    { className: "gt-status" },
    (d as Record<string, string | undefined>)[`tplStatus${team.status}`] ?? "",
  );
  status.dataset.testid = "gt-status";
  status.dataset.status = String(team.status);
  const members = el("ul", { className: "gt-members" });
  for (const m of team.members) {
    const li = el(
      "li",
      { className: "gt-member" },
      el("img", { src: m.pic || "/favicon.svg", alt: "", width: 56, height: 56 }),
      m.nickName,
    );
    if (m.leader) li.append(el("span", { className: "gt-leader" }, d.tplLeader ?? ""));
    members.append(li);
  }
  for (let i = team.members.length; i < team.groupNumber; i++)
    members.append(el("li", { className: "gt-member" }, el("span", { className: "gt-seat" }, "?")));
  const seats = el("span", {}, tpl(d.tplSeats, team.missing));
  const timer = el("span", { className: "gt-timer" });
  if (team.status === 1 && team.endTime) {
    const end = Date.parse(team.endTime);
    const tick = () => {
      timer.textContent = `${d.tplEndsIn ?? ""} ${countdownText(end - Date.now(), { hms: d.tplHms ?? "", ms: d.tplMs ?? "" })}`;
    };
    tick();
    window.setInterval(tick, 1000);
  }
  const link = `${location.origin}${base}/group-team?groupTeamId=${team.groupTeamId}`;
  const input = el("input", { value: link, readOnly: true, className: "input" }) as HTMLInputElement;
  input.setAttribute("aria-label", d.tplShare ?? "");
  const copy = el("button", { type: "button", className: "btn btn-ghost" }, d.tplCopy ?? "");
  copy.addEventListener("click", () => {
    void navigator.clipboard?.writeText(link).then(
      () => {
        copy.textContent = d.tplCopied ?? "";
      },
      () => input.select(),
    );
  });
  const share = el("div", { className: "gt-share" }, el("span", {}, d.tplShare ?? ""), input, copy);
  const head = el(
    "div",
    { className: "gt-head" },
    el("img", { src: team.pic, alt: "", width: 96, height: 96 }),
    el(
      "div",
      {},
      el("a", { href: `${base}/detail/${team.prodId}`, className: "gt-prod" }, team.prodName),
      el("p", { className: "gt-price" }, `${d.tplPrice ?? ""} ¥${team.actPrice}`),
    ),
  );
  const actions = el("p", { className: "gt-actions" });
  if (team.orderNumber)
    actions.append(
      el(
        "a",
        { href: `${base}/order-detail?orderNumber=${team.orderNumber}`, className: "btn btn-ghost" },
        d.tplMyOrder ?? "",
      ),
    );
  else if (team.canJoin)
    actions.append(el("a", { href: `${base}/detail/${team.prodId}#group-buy`, className: "btn" }, d.tplJoin ?? ""));
  const facts = el("p", { className: "gt-facts" }, seats, timer);
  body.replaceWith(el("div", {}, head, status, members, facts, actions, share));
}

async function myTeams(root: HTMLElement): Promise<void> {
  const list = root.querySelector<HTMLElement>("[data-gt-list]")!;
  if (!getToken()) return needLogin(root, list);
  const d = root.dataset;
  const base = d.base ?? "";
  const page = await listMyTeams();
  if (page.records.length === 0) {
    // The user centre's empty state (islands/common/uc-shell.tsx UcEmpty): icon, sentence, where to go.
    const icon = document.createElementNS(SVG_NS, "svg");
    for (const [k, v] of Object.entries({ width: "64", height: "64", viewBox: "0 0 48 48", "aria-hidden": "true" }))
      icon.setAttribute(k, v);
    const path = document.createElementNS(SVG_NS, "path");
    for (const [k, v] of Object.entries({ d: TEAM_ICON, fill: "none", stroke: "currentColor", "stroke-width": "2" }))
      path.setAttribute(k, v);
    icon.append(path);
    list.replaceChildren(
      el(
        "li",
        { className: "uc-empty-state gb-team-empty" },
        icon,
        el("p", {}, d.tplEmpty ?? ""),
        el("a", { href: `${base}/group-buy`, className: "btn btn-ghost" }, d.tplBrowse ?? ""),
      ),
    );
    return;
  }
  list.replaceChildren(
    ...page.records.map((tm) => {
      const li = el(
        "li",
        { className: "gb-team" },
        el("img", { src: tm.pic, alt: "", width: 32, height: 32 }),
        el("span", { className: "gb-team-name" }, tm.prodName),
        el(
          "span",
          { className: "gb-team-missing" },
          (d as Record<string, string | undefined>)[`tplStatus${tm.status}`] ?? "",
        ),
        el("span", { className: "gb-team-left" }, tm.status === 1 ? tpl(d.tplSeats, tm.missing) : ""),
        el(
          "a",
          { className: "btn btn-ghost", href: `${d.base ?? ""}/group-team?groupTeamId=${tm.groupTeamId}` },
          d.tplView ?? "",
        ),
      );
      li.dataset.testid = "my-team";
      return li;
    }),
  );
}

const team = document.querySelector<HTMLElement>("[data-group-team]");
if (team) void teamPage(team);
const mine = document.querySelector<HTMLElement>("[data-my-teams]");
if (mine) void myTeams(mine).catch(() => {});
