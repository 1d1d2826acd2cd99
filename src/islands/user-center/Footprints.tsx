/**
 * /user-center/uc-footprint: browsing history grouped by day (GET /p/prodBrowseLog/page →
 * Page<{time, list}>, paged by footprint rows; a day split across pages is merged here).
 * "Load more" appends the next page; delete one (DELETE /p/prodBrowseLog [id]); clear all
 * (DELETE /p/prodBrowseLog/all) after a confirmation.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatDate } from "../../lib/date-format.ts";
import type { FootprintDay, FootprintItem } from "../../lib/footprint/footprint-types.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession } from "../common/session.ts";
import { ConfirmDialog, useConfirm } from "../common/dialog.tsx";
import { UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { UcProdCard } from "./UcProdCard.tsx";
import { clearFootprints, deleteFootprints, listFootprints } from "../../client/data/footprint.ts";

const PAGE_SIZE = 20;

/** Appends days, merging a day that continues from the previous page. */
export function mergeDays(prev: readonly FootprintDay[], next: readonly FootprintDay[]): FootprintDay[] {
  const out = prev.map((d) => ({ ...d, list: [...d.list] }));
  for (const day of next) {
    const last = out[out.length - 1];
    if (last && last.time === day.time) {
      const seen = new Set(last.list.map((i) => i.prodBrowseLogId));
      last.list.push(...day.list.filter((i) => !seen.has(i.prodBrowseLogId)));
    } else out.push({ ...day, list: [...day.list] });
  }
  return out;
}

/** Removes footprints by id and drops days left empty. */
export function withoutItems(days: readonly FootprintDay[], ids: ReadonlySet<number>): FootprintDay[] {
  return days
    .map((d) => ({ ...d, list: d.list.filter((i) => !ids.has(i.prodBrowseLogId)) }))
    .filter((d) => d.list.length > 0);
}

export default function Footprints(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <FootprintsBody homeHref={props.homeHref} />
    </UcRoot>
  );
}

function FootprintsBody({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { state, markGuest } = session;
  const [days, setDays] = useState<FootprintDay[] | null>(null);
  const [page, setPage] = useState({ current: 0, pages: 0, total: 0 });
  const [error, setError] = useState(false);
  const { ask, confirm } = useConfirm();
  const base = homeHref.replace(/\/$/, "");
  const reading = useAction({ onGuest: markGuest, onFailed: () => setError(true) });
  const loading = reading.busy;
  const read = reading.run;
  const action = useAction({ onGuest: markGuest, fallback: t("userCenter.common.actionFailed") });
  /** Re-reading after a change: a failure shows nothing (the list stays as it is). */
  const quiet = useAction({ onGuest: markGuest });

  const load = useCallback(
    async (current: number, replace: boolean) => {
      setError(false);
      await read(async () => {
        const res = await listFootprints(current, PAGE_SIZE);
        setDays((d) => (replace || !d ? mergeDays([], res.records) : mergeDays(d, res.records)));
        setPage({ current: res.current, pages: res.pages, total: res.total });
      });
    },
    [read],
  );

  useEffect(() => {
    if (state === "ready") void load(1, true);
  }, [state, load]);

  /** Re-reads everything loaded so far (after a delete the later pages shift by one row). */
  async function reloadLoaded() {
    const size = PAGE_SIZE * Math.max(1, page.current);
    if (size > 100) return;
    await quiet.run(async () => {
      const res = await listFootprints(1, size);
      setDays(mergeDays([], res.records));
      setPage({ current: Math.max(1, page.current), pages: Math.ceil(res.total / PAGE_SIZE), total: res.total });
    });
  }

  async function remove(item: FootprintItem) {
    await action.run(async () => {
      await deleteFootprints([item.prodBrowseLogId]);
      setDays((d) => (d ? withoutItems(d, new Set([item.prodBrowseLogId])) : d));
      setPage((p) => ({ ...p, total: Math.max(0, p.total - 1) }));
      toastOk(t("userCenter.footprint.deleted"));
      if (page.current < page.pages) void reloadLoaded();
    });
  }

  function clearAll() {
    ask(
      t("userCenter.footprint.clearConfirm"),
      () =>
        void action.run(async () => {
          await clearFootprints();
          setDays([]);
          setPage({ current: 1, pages: 0, total: 0 });
          toastOk(t("userCenter.footprint.cleared"));
        }),
    );
  }

  const dayLabel = (time: string) => formatDate(time) || time;

  const clearButton =
    days && days.length > 0 ? (
      <button type="button" className="btn btn-ghost" onClick={clearAll} data-testid="uc-footprint-clear">
        {t("userCenter.footprint.clear")}
      </button>
    ) : null;

  return (
    <UcPanel title={t("userCenter.footprint.title")} actions={clearButton} testId="uc-footprint">
      <UcGate
        state={state}
        error={error && !days}
        loading={(loading && !days) || (state === "ready" && !days && !error)}
        onRetry={() => void load(1, true)}
      >
        {days && days.length === 0 ? (
          <UcEmpty
            icon="clock"
            text={t("userCenter.footprint.empty")}
            href={`${base}/list?st=0`}
            linkText={t("userCenter.collection.browseProds")}
            testId="uc-footprint-empty"
          />
        ) : null}
        {days && days.length > 0 ? (
          <>
            <p className="uc-muted">{t("userCenter.footprint.total", { n: page.total })}</p>
            {days.map((day) => (
              <section
                key={day.time}
                className="uc-fp-day"
                aria-labelledby={`uc-fp-${day.time}`}
                data-testid="uc-footprint-day"
                data-day={day.time}
              >
                <h2 id={`uc-fp-${day.time}`} className="uc-fp-date">
                  <time dateTime={day.time}>{dayLabel(day.time)}</time>
                </h2>
                <ul className="uc-prod-grid">
                  {day.list.map((p) => (
                    <UcProdCard key={p.prodBrowseLogId} base={base} prod={p} testId="uc-footprint-item">
                      <button
                        type="button"
                        className="uc-link-btn"
                        onClick={() => void remove(p)}
                        data-testid="uc-footprint-delete"
                        aria-label={t("userCenter.footprint.deleteOf", { name: p.prodName })}
                      >
                        {t("userCenter.common.delete")}
                      </button>
                    </UcProdCard>
                  ))}
                </ul>
              </section>
            ))}
            <div className="uc-more">
              {page.current < page.pages ? (
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={loading}
                  onClick={() => void load(page.current + 1, false)}
                  data-testid="uc-footprint-more"
                >
                  {loading ? t("userCenter.common.loading") : t("userCenter.common.loadMore")}
                </button>
              ) : (
                <p className="uc-muted">{t("userCenter.common.noMore")}</p>
              )}
              {error ? (
                <p className="uc-field-error" role="alert">
                  {t("userCenter.common.loadFailed")}
                </p>
              ) : null}
            </div>
          </>
        ) : null}
      </UcGate>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}
