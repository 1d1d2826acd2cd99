/**
 * /user-center/uc-integral: points balance and what expires at the end of the year
 * (GET /p/score/scoreInfo), daily sign-in with the consecutive-day count and the 7-day strip
 * (POST /p/score/signIn), the points log with source and in/out (GET /p/score/page, paged) and
 * the rules (GET /p/score/getScoreQuestion).
 */
import { useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatDateTime, formatShort } from "../../lib/date-format.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { Pager, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { getPointsInfo, getPointsRules, listPointsLog, signIn as signInToday } from "../../client/data/points.ts";

const PAGE_SIZE = 10;

export default function Points(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <PointsBody mallHref={props.links.pointsMall} base={props.homeHref.replace(/\/$/, "")} />
    </UcRoot>
  );
}

function PointsBody({ mallHref, base }: { mallHref?: string | undefined; base: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(1);
  const head = useUcLoad(session, async () => {
    const [info, rules] = await Promise.all([getPointsInfo(), getPointsRules()]);
    return { info, rules };
  });
  const logs = useUcLoad(session, () => listPointsLog(page, PAGE_SIZE), [page]);

  // After a failed sign-in the head is read again (it shows whether today is signed in).
  const signing = useAction({
    onGuest: session.markGuest,
    fallback: t("userCenter.common.actionFailed"),
    onFailed: () => head.reload(),
  });
  const busy = signing.busy;
  async function signIn() {
    await signing.run(async () => {
      const r = await signInToday();
      toastOk(r.message);
      head.reload();
      setPage(1);
      logs.reload();
    });
  }

  const info = head.data?.info;
  return (
    <UcPanel title={t("userCenter.menu.integral")} testId="uc-integral">
      <UcGate state={session.state} error={head.error} loading={!head.data && head.loading} onRetry={head.reload}>
        {info ? (
          <>
            <div className="wallet-summary">
              <div className="wallet-figure">
                <p className="wallet-label">{t("points.ui.balance")}</p>
                <p className="wallet-value" data-testid="points-balance">
                  {info.score}
                </p>
                {mallHref ? (
                  <a className="wallet-note" href={mallHref} data-testid="points-mall-link">
                    {t("points.mall.title")}
                  </a>
                ) : null}
              </div>
              <div className="wallet-figure">
                <p className="wallet-label">{t("points.ui.expiring")}</p>
                <p className="wallet-value wallet-value-sm" data-testid="points-expiring">
                  {info.expiringPoints}
                </p>
                <p className="wallet-note">{t("points.ui.expiresAt", { time: formatDateTime(info.expireTime) })}</p>
              </div>
            </div>
            <section className="signin-card" aria-labelledby="signin-title" data-testid="signin">
              <div className="signin-head">
                <h2 id="signin-title">{t("points.ui.signInTitle")}</h2>
                <p data-testid="signin-count">{t("points.ui.streak", { count: info.signInCount })}</p>
                <button
                  type="button"
                  className="btn"
                  disabled={busy || info.isSignIn === 1}
                  aria-disabled={busy || info.isSignIn === 1}
                  onClick={() => void signIn()}
                  data-testid="signin-button"
                >
                  {info.isSignIn === 1
                    ? t("points.ui.signedToday")
                    : busy
                      ? t("points.ui.signing")
                      : t("points.ui.signIn")}
                </button>
              </div>
              <ol className="signin-strip">
                {info.days.map((d, i) => (
                  <li
                    key={d.day}
                    className={`signin-day${d.signed ? " is-signed" : ""}${d.today ? " is-today" : ""}`}
                    data-testid="signin-day"
                    data-signed={d.signed ? "1" : "0"}
                  >
                    <span className="signin-day-n">{t("points.ui.day", { n: i + 1 })}</span>
                    <span className="signin-day-points">+{d.points}</span>
                    <span className="signin-day-date">{d.today ? t("points.ui.today") : formatShort(d.day)}</span>
                    <span className="signin-day-mark" aria-hidden="true">
                      {d.signed ? "✓" : ""}
                    </span>
                    <span className="visually-hidden">
                      {d.signed ? t("points.ui.signed") : t("points.ui.notSigned")}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          </>
        ) : null}
        <section aria-labelledby="points-log-title" className="wallet-log">
          <h2 id="points-log-title">{t("points.ui.log")}</h2>
          {logs.data && logs.data.records.length === 0 ? (
            <UcEmpty
              compact
              icon="coin"
              text={t("points.ui.empty")}
              href={`${base}/list?st=0`}
              linkText={t("userCenter.collection.browseProds")}
              testId="points-log-empty"
            />
          ) : (
            <table className="wallet-table" data-testid="points-log">
              <thead>
                <tr>
                  <th scope="col">{t("points.ui.time")}</th>
                  <th scope="col">{t("points.ui.source")}</th>
                  <th scope="col">{t("points.ui.change")}</th>
                  <th scope="col">{t("points.ui.order")}</th>
                </tr>
              </thead>
              <tbody>
                {logs.data?.records.map((r) => (
                  <tr key={r.id} data-testid="points-log-row">
                    <td>{formatDateTime(r.createTime)}</td>
                    <td>{t(`points.source.${r.source}.${r.ioType}`)}</td>
                    <td className={r.ioType === 1 ? "wallet-in" : "wallet-out"}>
                      {r.ioType === 1 ? "+" : "−"}
                      {r.score}
                    </td>
                    <td>{r.orderNumber ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {logs.data ? (
            <Pager current={logs.data.current} pages={logs.data.pages} onChange={setPage} label={t("points.ui.log")} />
          ) : null}
        </section>
        {head.data ? (
          <section aria-labelledby="points-rules-title" className="wallet-rules" data-testid="points-rules">
            <h2 id="points-rules-title">{head.data.rules.title}</h2>
            <ul>
              {head.data.rules.items.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </UcGate>
    </UcPanel>
  );
}
