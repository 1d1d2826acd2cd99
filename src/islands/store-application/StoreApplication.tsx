/**
 * /user-center/uc-shopaccount — the whole "open a store" flow of the buyer (SPEC §2 "store
 * application" and "store account and password settings"): the application's state and what to
 * do next; the application form (first time, or pre-filled after a rejection to modify and
 * resubmit) with the SPEC §5 rules of src/lib/store-application/store-application.ts and image uploads with
 * preview; once approved, the store account and password (set, then change) and the link to the
 * seller centre. Loads GET /p/storeApplication; writes POST /p/storeApplication, PUT /p/storeAccount.
 */
import { useTranslation } from "../common/I18nProvider.tsx";
import {
  storeNextStep,
  type StoreApplicationDto,
  type StoreNextStep,
} from "../../lib/store-application/store-application.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { UcLoadGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { formatDateTime } from "../../lib/date-format.ts";
import "./store-application.css";
import { AccountSection } from "./AccountSection.tsx";
import { ApplicationForm } from "./ApplicationForm.tsx";
import { getStoreApplication } from "../../client/data/store-application.ts";

export interface StoreApplicationProps extends UcIslandProps {
  /** The seller centre (MERCHANT_PLATFORM_URL). */
  merchantPlatformUrl: string;
}

export default function StoreApplication(props: StoreApplicationProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <Body merchantPlatformUrl={props.merchantPlatformUrl} homeHref={props.homeHref} />
    </UcRoot>
  );
}

function Body({ merchantPlatformUrl, homeHref }: { merchantPlatformUrl: string; homeHref: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const load = useUcLoad(session, async () => ({
    app: await getStoreApplication(),
  }));
  const { data, setData, reload } = load;
  const app = data?.app ?? null;
  const step: StoreNextStep = storeNextStep(
    app ? app.status : null,
    app?.shopStatus ?? null,
    Boolean(app?.storeAccount),
  );
  const approved = app?.status === 1;

  return (
    <UcPanel
      title={approved ? t("storeApplication.accountTitle") : t("storeApplication.title")}
      testId="store-application"
    >
      <UcLoadGate state={session.state} load={load}>
        {data ? (
          <div className="sa-body">
            <StatePanel app={app} step={step} />
            {step === "apply" || step === "resubmit" ? (
              <ApplicationForm app={app} onGuest={session.markGuest} onSubmitted={(next) => setData({ app: next })} />
            ) : null}
            {approved && app ? (
              <AccountSection
                app={app}
                merchantPlatformUrl={merchantPlatformUrl}
                homeHref={homeHref}
                onGuest={session.markGuest}
                onSaved={reload}
              />
            ) : null}
          </div>
        ) : null}
      </UcLoadGate>
    </UcPanel>
  );
}

const time = (s: string | null) => formatDateTime(s);

function StatePanel({ app, step }: { app: StoreApplicationDto | null; step: StoreNextStep }) {
  const { t } = useTranslation();
  const tone =
    step === "resubmit" || step === "offline" || step === "suspended" ? "warn" : step === "open" ? "ok" : "info";
  return (
    <section
      className={`sa-state sa-state-${tone}`}
      aria-labelledby="sa-state-title"
      data-testid="store-application-state"
      data-step={step}
    >
      <h2 id="sa-state-title" className="sa-state-title">
        {t("storeApplication.state.title")}
        {app ? (
          <span className="sa-badge" data-testid="store-application-status">
            {t(`storeApplication.status.${app.status}`)}
            {app.shopStatus !== null ? ` · ${t(`storeApplication.shopStatus.${app.shopStatus}`)}` : ""}
          </span>
        ) : null}
      </h2>
      <p data-testid="store-application-next">{t(`storeApplication.state.${step}`)}</p>
      {step === "resubmit" && app?.rejectReason ? (
        <p className="sa-reason" data-testid="store-application-reason">
          {t("storeApplication.state.reason", { reason: app.rejectReason })}
        </p>
      ) : null}
      {app ? (
        <dl className="sa-summary">
          <div>
            <dt>{t("storeApplication.fields.shopName")}</dt>
            <dd>{app.shopName}</dd>
          </div>
          <div>
            <dt>{t("storeApplication.summary.submitTime")}</dt>
            <dd>{time(app.submitTime)}</dd>
          </div>
          {app.reviewTime ? (
            <div>
              <dt>{t("storeApplication.summary.reviewTime")}</dt>
              <dd>{time(app.reviewTime)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="uc-muted">{t("storeApplication.intro")}</p>
      )}
    </section>
  );
}
