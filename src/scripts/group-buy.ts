/**
 * The group-buy section of a product page: loads the joinable teams live
 * (GET /api/group/joinGroupList) into [data-gb-teams] — masked leader, members missing, time
 * left, and a "join" button that submits the section's form with that team. Time left counts
 * down by the browser's clock (the page is cached).
 */
import { pageLocale } from "../client/i18n.ts";
import { countdownText } from "../lib/flash-sale/flash-sale.ts";

const section = document.getElementById("group-buy");
const list = section?.querySelector<HTMLUListElement>("[data-gb-teams]");

interface Team {
  groupTeamId: number;
  missing: number;
  endTime: string;
  shareNickName: string;
  sharePic: string;
}

async function load(): Promise<void> {
  if (!section || !list) return;
  const base = (import.meta.env.PUBLIC_API_BASE as string | undefined) ?? "/api";
  const res = await fetch(
    `${base}/group/joinGroupList?groupActivityId=${section.dataset.groupActivityId}&showSize=10`,
    { headers: { "Accept-Language": pageLocale() } },
  );
  const body = (await res.json()) as { data?: Team[] };
  const teams = body.data ?? [];
  list.replaceChildren();
  if (teams.length === 0) {
    const li = document.createElement("li");
    li.className = "gb-team-empty";
    li.textContent = list.dataset.empty ?? "";
    list.append(li);
    return;
  }
  const d = section.dataset;
  const timers: [HTMLElement, number][] = [];
  for (const tm of teams) {
    const li = document.createElement("li");
    li.className = "gb-team";
    li.dataset.testid = "gb-team";
    const img = document.createElement("img");
    img.src = tm.sharePic || "/favicon.svg";
    img.alt = "";
    img.width = 32;
    img.height = 32;
    const name = document.createElement("span");
    name.className = "gb-team-name";
    name.textContent = tm.shareNickName;
    const missing = document.createElement("span");
    missing.className = "gb-team-missing";
    missing.textContent = (d.tplMissing ?? "").replace("{{n}}", String(tm.missing));
    const left = document.createElement("span");
    left.className = "gb-team-left";
    timers.push([left, Date.parse(tm.endTime)]);
    const join = document.createElement("button");
    join.type = "submit";
    join.name = "groupTeamId";
    join.value = String(tm.groupTeamId);
    join.className = "btn gb-join";
    join.dataset.testid = "gb-join";
    join.textContent = d.tplJoin ?? "";
    li.append(img, name, missing, left, join);
    list.append(li);
  }
  const tick = () => {
    for (const [el, end] of timers)
      el.textContent = `${d.tplEndsIn ?? ""} ${countdownText(end - Date.now(), { hms: d.tplHms ?? "", ms: d.tplMs ?? "" })}`;
  };
  tick();
  window.setInterval(tick, 1000);
}

void load().catch(() => {});
