/**
 * The login popup (SPEC §2): a modal dialog (role="dialog", aria-modal, focus trap, Esc and the
 * close button close it) around LoginForm, shown while $loginPopupOpen is true. It is mounted by
 * src/scripts/login-popup-host.ts the first time the popup opens, so browsing pages load no
 * React before that.
 *   - success: token stored → reload the page; from /register → the localized home;
 *   - closing on a user-center page (/user-center*) → the localized home.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { getServiceSwitch } from "../../client/site.ts";
import { pageLocale } from "../../client/i18n.ts";
import { localePath } from "../../lib/locale.ts";
import { $loginPopupOpen, closeLoginPopup } from "../../stores/index.ts";
import type { ServiceSwitch } from "./auth-api.ts";
import { LoginForm } from "./LoginForm.tsx";
import { isRegisterPath, isUserCenterPath } from "./redirect.ts";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface LoginPopupProps {
  /** Called once the popup has rendered (the host removes its loading veil). */
  onReady?: () => void;
}

export function LoginPopup({ onReady }: LoginPopupProps) {
  const open = useStore($loginPopupOpen);
  const { t } = useTranslation();
  const locale = pageLocale();
  const [terms, setTerms] = useState<ServiceSwitch | null>(null);
  // A new form (fresh fields) every time the popup opens.
  const [session, setSession] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    onReady?.();
  }, [onReady]);

  useEffect(() => {
    let alive = true;
    void getServiceSwitch().then((s) => {
      if (alive) setTerms(s);
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    setSession((n) => n + 1);
    returnFocus.current = document.activeElement;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
      const back = returnFocus.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // Focus the first input once the form is in the DOM.
    const first = dialogRef.current?.querySelector<HTMLElement>("input, button[role=tab]");
    first?.focus();
  }, [open, session]);

  function close(): void {
    closeLoginPopup();
    if (isUserCenterPath(location.pathname)) location.assign(localePath(locale, "/"));
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    if (e.key === "Escape") {
      e.stopPropagation();
      close();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  }

  function onSuccess(): void {
    if (isRegisterPath(location.pathname)) location.assign(localePath(locale, "/"));
    else location.reload();
  }

  if (!open) return null;
  return (
    <div className="auth-overlay" data-testid="login-popup-overlay">
      <div
        ref={dialogRef}
        className="auth-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-popup-title"
        data-login-popup
        data-testid="login-popup"
        onKeyDown={onKeyDown}
      >
        <div className="auth-dialog-head">
          <h2 id="login-popup-title" className="auth-dialog-title">
            {t("account.welcome")}
          </h2>
          <button
            type="button"
            className="auth-close"
            aria-label={t("account.close")}
            data-testid="login-popup-close"
            onClick={close}
          >
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <LoginForm key={session} idPrefix="login-popup" locale={locale} terms={terms} onSuccess={onSuccess} />
      </div>
    </div>
  );
}
