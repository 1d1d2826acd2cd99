/**
 * The studio's list of the shop's pages (live, drafts, earlier versions, their windows): open a
 * draft, edit a copy of a live page or an earlier version, restore, unpublish, delete.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { messageOf } from "../common/feedback.ts";
import { isUnauthorized } from "../common/session.ts";
import type { TranslationKey } from "../../lib/translate.ts";
import {
  copyRenovation,
  deleteRenovation,
  listRenovations,
  publishRenovation,
  unpublishRenovation,
  type DecorationRow,
} from "../../client/data/renovation.ts";
import { StudioHeader } from "./StudioHeader.tsx";
import { showTime } from "./studio-model.ts";
import type { Session } from "./studio-session.ts";

export function StudioPages({
  session,
  onOpen,
  onSignOut,
}: {
  session: Session;
  onOpen: (id: number | null) => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const { token } = session;
  const [rows, setRows] = useState<DecorationRow[] | null>(null);
  const [message, setMessage] = useState("");
  const fail = (err: unknown) => setMessage(messageOf(err, t("renovation.studio.error")));
  const load = useCallback(async () => {
    try {
      setRows(await listRenovations(token));
    } catch (err) {
      if (isUnauthorized(err)) onSignOut();
      else setMessage(messageOf(err, t("renovation.studio.error")));
    }
  }, [token, onSignOut, t]);
  useEffect(() => {
    void load();
  }, [load]);
  /** A change of one page, then the list again. */
  const act = async (call: () => Promise<unknown>, done: TranslationKey) => {
    try {
      await call();
      setMessage(t(done));
      await load();
    } catch (err) {
      fail(err);
    }
  };
  const copyAndOpen = async (id: number) => {
    try {
      onOpen((await copyRenovation(token, id)).renovationId);
    } catch (err) {
      fail(err);
    }
  };
  const small = (text: string, onClick: () => void, ghost = true) => (
    <button type="button" className={ghost ? "btn btn-ghost ds-small" : "btn ds-small"} onClick={onClick}>
      {text}
    </button>
  );
  return (
    <section className="ds-pages" aria-labelledby="ds-pages-title">
      <StudioHeader session={session} onSignOut={onSignOut} />
      <div className="ds-pages-head">
        <h2 id="ds-pages-title">{t("renovation.studio.pages")}</h2>
        <button type="button" className="btn" onClick={() => onOpen(null)}>
          {t("renovation.studio.newPage")}
        </button>
      </div>
      <p className="ds-status" role="status" data-testid="studio-message">
        {message}
      </p>
      {rows === null ? (
        <p>{t("renovation.studio.loading")}</p>
      ) : rows.length === 0 ? (
        <p>{t("renovation.studio.noPages")}</p>
      ) : (
        <table className="ds-table" data-testid="studio-pages">
          <thead>
            <tr>
              <th scope="col">{t("renovation.studio.name")}</th>
              <th scope="col">{t("renovation.studio.pageKind")}</th>
              <th scope="col">{t("renovation.studio.schedule")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("renovation.studio.open")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.renovationId} data-testid="studio-page-row" data-id={r.renovationId} data-status={r.status}>
                <td>
                  <span className={`ds-badge ds-badge-${r.status}`}>
                    {t(`renovation.studio.status${r.status}` as TranslationKey)}
                  </span>{" "}
                  #{r.renovationId} {r.name}
                </td>
                <td>{r.page === "home" ? t("renovation.studio.pageHome") : t("renovation.studio.pagePage")}</td>
                <td>
                  {r.schedule
                    ? t("renovation.studio.scheduled", {
                        start: r.schedule.startAt ? showTime(r.schedule.startAt) : "—",
                        end: r.schedule.endAt ? showTime(r.schedule.endAt) : t("renovation.studio.open_end"),
                      })
                    : ""}
                </td>
                <td className="ds-actions">
                  {r.status === 0
                    ? small(t("renovation.studio.open"), () => onOpen(r.renovationId), false)
                    : small(t("renovation.studio.editCopy"), () => void copyAndOpen(r.renovationId))}
                  {r.status === 2 &&
                    small(
                      t("renovation.studio.restore"),
                      () => void act(() => publishRenovation(token, r.renovationId), "renovation.studio.restored"),
                    )}
                  {r.status === 1 &&
                    small(
                      t("renovation.studio.unpublish"),
                      () => void act(() => unpublishRenovation(token, r.renovationId), "renovation.studio.unpublished"),
                    )}
                  {r.status !== 1 &&
                    small(
                      t("renovation.studio.delete"),
                      () => void act(() => deleteRenovation(token, r.renovationId), "renovation.studio.deleted"),
                    )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
