/**
 * The shell of the pages in the user-centre layout (user centre, orders, after-sales, invoices,
 * reviews, store application) and the pieces the checkout and the cart share with them: the
 * island root (i18n), the panel with its heading, the gate (checking / log in / load error),
 * paging, a modal and a confirm dialog, an inline field error and a product picture.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, useTranslation } from "./I18nProvider.tsx";
import type { SessionState } from "./session.ts";
import type { UcIslandProps } from "./uc-props.ts";

export function UcRoot({ locale, resources, children }: Pick<UcIslandProps, "locale" | "resources"> & { children: ReactNode }) {
  return (
    <I18nProvider locale={locale} resources={resources}>
      {children}
    </I18nProvider>
  );
}

/** The panel every page renders its content in, with the page heading. */
export function UcPanel({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className="uc-panel" aria-labelledby={id} data-testid={testId}>
      <header className="uc-panel-head">
        <h1 id={id}>{title}</h1>
        {actions ? <div className="uc-panel-actions">{actions}</div> : null}
      </header>
      <div className="uc-panel-body">{children}</div>
    </section>
  );
}

/** What a page shows instead of its content while checking, for guests, or on a load error. */
export function UcGate({ state, error, loading, onRetry, children }: { state: SessionState; error?: boolean; loading?: boolean; onRetry?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  if (state === "guest")
    return (
      <div className="uc-state" data-testid="uc-need-login">
        <p>{t("userCenter.common.needLogin")}</p>
        <button type="button" className="btn" onClick={openLoginPopup}>
          {t("userCenter.common.login")}
        </button>
      </div>
    );
  if (error)
    return (
      <div className="uc-state" role="alert">
        <p>{t("userCenter.common.loadFailed")}</p>
        {onRetry ? (
          <button type="button" className="btn btn-ghost" onClick={onRetry}>
            {t("userCenter.common.retry")}
          </button>
        ) : null}
      </div>
    );
  if (state === "checking" || loading)
    return (
      <div className="uc-state" role="status" aria-live="polite">
        <p>{t("userCenter.common.loading")}</p>
      </div>
    );
  return <>{children}</>;
}

/** Previous / page x of y / next. Hidden when there is a single page. */
export function Pager({ current, pages, onChange, label }: { current: number; pages: number; onChange: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="uc-pager" aria-label={label}>
      <button type="button" className="uc-link-btn" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        {t("userCenter.common.prev")}
      </button>
      <span aria-current="page">{t("userCenter.common.pageOf", { current, pages })}</span>
      <button type="button" className="uc-link-btn" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        {t("userCenter.common.next")}
      </button>
    </nav>
  );
}

/** A modal built on <dialog> (focus trap, Escape and the top layer come from the browser). */
export function Modal({ open, title, onClose, children, testId, className }: { open: boolean; title: string; onClose: () => void; children: ReactNode; testId?: string; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`uc-dialog ${className ?? ""}`}
      aria-labelledby={id}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={id} className="uc-dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** Confirm dialog state: ask(text, run) opens it; pass `confirm` to <ConfirmDialog>. */
export function useConfirm() {
  const [pending, setPending] = useState<{ text: string; run: () => void } | null>(null);
  const ask = useCallback((text: string, run: () => void) => setPending({ text, run }), []);
  return { ask, confirm: { pending, close: () => setPending(null) } };
}

export function ConfirmDialog({ confirm }: { confirm: { pending: { text: string; run: () => void } | null; close: () => void } }) {
  const { t } = useTranslation();
  const { pending, close } = confirm;
  return (
    <Modal open={pending !== null} title={t("userCenter.common.confirmTitle")} onClose={close} testId="uc-confirm" className="uc-confirm">
      <p className="uc-confirm-text">{pending?.text}</p>
      <div className="uc-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t("userCenter.common.cancel")}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="uc-confirm-ok"
          autoFocus
          onClick={() => {
            const run = pending?.run;
            close();
            run?.();
          }}
        >
          {t("userCenter.common.confirm")}
        </button>
      </div>
    </Modal>
  );
}

/** Inline field error (linked with aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p id={id} className="uc-field-error" role="alert">
      {message}
    </p>
  );
}

/** Shows a product picture or a neutral placeholder. */
export function ProdImage({ src, alt, size }: { src: string | null | undefined; alt: string; size: number }) {
  if (!src) return <span className="uc-img-ph" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img src={src} alt={alt} width={size} height={size} loading="lazy" className="uc-img" />;
}
