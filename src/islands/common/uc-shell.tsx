/**
 * The shell of the pages in the user-centre layout (user centre, orders, after-sales, invoices,
 * reviews, store application): the island root (i18n), the panel with its heading, the gate
 * (checking / log in / load error), paging, an inline field error and a product picture.
 * Dialogs are in dialog.tsx.
 */
import { Picture } from "./Picture.tsx";
import { useId, type ReactNode } from "react";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, useTranslation } from "./I18nProvider.tsx";
import type { SessionState } from "./session.ts";
import type { UcIslandProps } from "./uc-props.ts";

export function UcRoot({
  locale,
  resources,
  children,
}: Pick<UcIslandProps, "locale" | "resources"> & { children: ReactNode }) {
  return (
    <I18nProvider locale={locale} resources={resources}>
      {children}
    </I18nProvider>
  );
}

/** The panel every page renders its content in, with the page heading. */
export function UcPanel({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
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
/** The gate of a panel whose body is one `useUcLoad`: it also waits while the data is not there yet. */
export function UcLoadGate({
  state,
  load,
  children,
}: {
  state: SessionState;
  load: { data: unknown; error: boolean; loading: boolean; reload: () => void };
  children: ReactNode;
}) {
  return (
    <UcGate
      state={state}
      error={load.error}
      loading={load.loading || (state === "ready" && !load.data)}
      onRetry={load.reload}
    >
      {children}
    </UcGate>
  );
}

export function UcGate({
  state,
  error,
  loading,
  onRetry,
  children,
}: {
  state: SessionState;
  error?: boolean;
  loading?: boolean;
  onRetry?: () => void;
  children: ReactNode;
}) {
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
export function Pager({
  current,
  pages,
  onChange,
  label,
}: {
  current: number;
  pages: number;
  onChange: (page: number) => void;
  label: string;
}) {
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

/** Inline field error (linked with aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p id={id} className="uc-field-error" role="alert">
      {message}
    </p>
  );
}

export interface UcFieldProps {
  /** The control's id; its hint is `${id}-hint`, its error `${id}-err`. */
  id: string;
  label: ReactNode;
  /** A * after the label. */
  required?: boolean;
  hint?: string | undefined;
  /** Translated error text, or "". */
  error: string;
  /** The label's own id (a group is labelled by it). */
  labelId?: string;
  /** Several controls (radio cards, area selects): role="group" labelled by the label, which then points at none. */
  group?: boolean;
  children: ReactNode;
}

/** A labelled row of a user-centre form: the label, the control, its hint and its error. */
export function UcField({ id, label, required, hint, error, labelId, group, children }: UcFieldProps) {
  return (
    <div className="uc-field" role={group ? "group" : undefined} aria-labelledby={group ? labelId : undefined}>
      <label className="uc-label" id={labelId} htmlFor={group ? undefined : id}>
        {label}
        {required ? (
          <span className="uc-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="uc-control">
        {children}
        {hint ? (
          <p id={`${id}-hint`} className="uc-hint">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${id}-err`} message={error} />
      </div>
    </div>
  );
}

/** aria-describedby of a UcField's control: its hint and its error, those it shows. */
export function ucDescribedBy(id: string, hint: string | undefined, error: string): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
}

/** A member's avatar (88 px), or the first letter of `name` on a plain disc. */
export function UcAvatar(props: { src: string | null; alt: string; name: string; testId?: string }) {
  const { src, alt, name, testId } = props;
  return src ? (
    <Picture className="uc-avatar" src={src} alt={alt} width={88} height={88} testId={testId} />
  ) : (
    <span className="uc-avatar uc-avatar-ph" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Shows a product picture or a neutral placeholder. */
export function ProdImage({ src, alt, size }: { src: string | null | undefined; alt: string; size: number }) {
  if (!src) return <span className="uc-img-ph" style={{ width: size, height: size }} aria-hidden="true" />;
  return <Picture src={src} alt={alt} width={size} height={size} className="uc-img" />;
}

const EMPTY_ICONS = {
  heart:
    "M24 40l-2.6-2.4C12 29.2 6 23.8 6 17.1 6 11.6 10.3 7.5 15.6 7.5c3.1 0 6.1 1.4 8.4 3.8 2.3-2.4 5.3-3.8 8.4-3.8 5.3 0 9.6 4.1 9.6 9.6 0 6.7-6 12.1-15.4 20.5z",
  shop: "M8 20l3-11h26l3 11M8 20v19h32V20M8 20c0 3 2.5 5 5.3 5s5.4-2 5.4-5c0 3 2.5 5 5.3 5s5.3-2 5.3-5c0 3 2.6 5 5.4 5S40 23 40 20M19 39V30h10v9",
  star: "M24 6l5.6 11.4 12.4 1.8-9 8.8 2.1 12.4L24 34.5l-11.1 5.9 2.1-12.4-9-8.8 12.4-1.8z",
  pin: "M24 43s-13-12.2-13-23a13 13 0 0 1 26 0c0 10.8-13 23-13 23zM24 25a5 5 0 1 0 0-10 5 5 0 0 0 0 10z",
  ticket: "M6 13h36v7a4 4 0 0 0 0 8v7H6v-7a4 4 0 0 0 0-8zM30 13v22M17 21h7M17 27h5",
  clock: "M24 42a18 18 0 1 0 0-36 18 18 0 0 0 0 36zM24 13v11l7 5",
  box: "M6 15l18-9 18 9v18l-18 9-18-9zM6 15l18 9 18-9M24 24v18M15 10.5l18 9",
  returns: "M14 11l-6 6 6 6M8 17h22a10 10 0 0 1 0 20H16",
  coin: "M24 42a18 18 0 1 0 0-36 18 18 0 0 0 0 36zM17 15l7 9 7-9M16 25h16M16 31h16M24 24v14",
} as const;

/**
 * An empty list, as every page of the user centre shows one: an icon, the text, and where to go
 * from here — a link (href) or, when the next step is on this page, a button (onAction).
 */
export function UcEmpty({
  icon,
  text,
  href,
  onAction,
  linkText,
  testId,
  compact,
}: {
  icon: keyof typeof EMPTY_ICONS;
  text: string;
  linkText: string;
  testId?: string;
  /** Less padding, for a list that is one section of a page. */
  compact?: boolean;
} & ({ href: string; onAction?: never } | { onAction: () => void; href?: never })) {
  return (
    <div className={`uc-empty-state${compact ? " is-compact" : ""}`} data-testid={testId}>
      <svg
        width={compact ? 48 : 64}
        height={compact ? 48 : 64}
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
      >
        <path d={EMPTY_ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <p>{text}</p>
      {href !== undefined ? (
        <a className="btn btn-ghost" href={href}>
          {linkText}
        </a>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={onAction}>
          {linkText}
        </button>
      )}
    </div>
  );
}
