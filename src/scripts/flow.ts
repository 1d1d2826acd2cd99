/**
 * Page-view log of the flow analysis: reads data-page-id / data-biz-type / data-biz-data from
 * <body> (BaseLayout props or setPageSeo), else from <main> or the first element carrying
 * data-page-id, and sends one log per page load (src/client/flow-analysis.ts).
 */
import { trackPageView } from "../client/flow-analysis.ts";

function num(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

const el =
  (document.body.dataset.pageId ? document.body : null) ??
  document.querySelector<HTMLElement>("main[data-page-id]") ??
  document.querySelector<HTMLElement>("[data-page-id]");
const pageId = num(el?.dataset.pageId);
if (el && pageId !== undefined) {
  void trackPageView({ pageId, bizType: num(el.dataset.bizType), bizData: el.dataset.bizData || undefined });
}
