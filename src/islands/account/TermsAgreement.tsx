/**
 * The terms checkbox (SPEC §2, §5 code 6): shown only when the service-terms or the privacy
 * switch is on; links /termsPage?sts=0 and ?sts=1 of the current locale in a new tab.
 */
import { useTranslation } from "../common/I18nProvider.tsx";
import { localePath, type Locale } from "../../lib/locale.ts";
import type { ServiceSwitch } from "./auth-api.ts";

export interface TermsAgreementProps {
  id: string;
  locale: Locale;
  terms: Pick<ServiceSwitch, "serviceTermsSwitch" | "privacyPolicySwitch">;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}

export function TermsAgreement({ id, locale, terms, checked, onChange, error }: TermsAgreementProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const newTab = <span className="visually-hidden">{t("account.newTab")}</span>;
  const service = terms.serviceTermsSwitch && (
    <a href={localePath(locale, "/termsPage?sts=0")} target="_blank" rel="noopener">
      {t("account.serviceTerms")}
      {newTab}
    </a>
  );
  const privacy = terms.privacyPolicySwitch && (
    <a href={localePath(locale, "/termsPage?sts=1")} target="_blank" rel="noopener">
      {t("account.privacyPolicy")}
      {newTab}
    </a>
  );
  return (
    <div className={`auth-terms${error ? " has-error" : ""}`}>
      <div className="auth-terms-row">
        <label className="check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {t("account.agreePrefix")}
        </label>
        <span className="auth-terms-links">
          {service}
          {service && privacy ? ` ${t("account.and")} ` : null}
          {privacy}
        </span>
      </div>
      {error && (
        <p id={errorId} className="auth-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
