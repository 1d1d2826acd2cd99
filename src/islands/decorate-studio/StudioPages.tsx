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
  const fail = (err: unknown) => setMessage(messageOf(err, t("decorate.studio.error")));
  const load = useCallback(async () => {
    try {
      setRows(await listRenovations(token));
    } catch (err) {
      if (isUnauthorized(err)) onSignOut();
      else setMessage(messageOf(err, t("decorate.studio.error")));
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
        <h2 id="ds-pages-title">{t("decorate.studio.pages")}</h2>
        <button type="button" className="btn" onClick={() => onOpen(null)}>
          {t("decorate.studio.newPage")}
        </button>
      </div>
      <p className="ds-status" role="status" data-testid="studio-message">
        {message}
      </p>
      {rows === null ? (
        <p>{t("decorate.studio.loading")}</p>
      ) : rows.length === 0 ? (
        <p>{t("decorate.studio.noPages")}</p>
      ) : (
        <table className="ds-table" data-testid="studio-pages">
          <thead>
            <tr>
              <th scope="col">{t("decorate.studio.name")}</th>
              <th scope="col">{t("decorate.studio.pageKind")}</th>
              <th scope="col">{t("decorate.studio.schedule")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("decorate.studio.open")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.renovationId} data-testid="studio-page-row" data-id={r.renovationId} data-status={r.status}>
                <td>
                  <span className={`ds-badge ds-badge-${r.status}`}>
                    {t(`decorate.studio.status${r.status}` as TranslationKey)}
                  </span>{" "}
                  #{r.renovationId} {r.name}
                </td>
                <td>{r.page === "home" ? t("decorate.studio.pageHome") : t("decorate.studio.pagePage")}</td>
                <td>
                  {r.schedule
                    ? t("decorate.studio.scheduled", {
                        start: r.schedule.startAt ? showTime(r.schedule.startAt) : "—",
                        end: r.schedule.endAt ? showTime(r.schedule.endAt) : t("decorate.studio.open_end"),
                      })
                    : ""}
                </td>
                <td className="ds-actions">
                  {r.status === 0
                    ? small(t("decorate.studio.open"), () => onOpen(r.renovationId), false)
                    : small(t("decorate.studio.editCopy"), () => void copyAndOpen(r.renovationId))}
                  {r.status === 2 &&
                    small(
                      t("decorate.studio.restore"),
                      () => void act(() => publishRenovation(token, r.renovationId), "decorate.studio.restored"),
                    )}
                  {r.status === 1 &&
                    small(
                      t("decorate.studio.unpublish"),
                      () => void act(() => unpublishRenovation(token, r.renovationId), "decorate.studio.unpublished"),
                    )}
                  {r.status !== 1 &&
                    small(
                      t("decorate.studio.delete"),
                      () => void act(() => deleteRenovation(token, r.renovationId), "decorate.studio.deleted"),
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
