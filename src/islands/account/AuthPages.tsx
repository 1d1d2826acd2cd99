/**
 * The page islands of /login, /register and /forget-password (client:load: the page is the
 * island). Each gets the current locale's "account" + "rules" texts from the server, so the form
 * renders in the HTML and no other language is shipped.
 */
import { I18nProvider, type NamespaceResources } from "../common/I18nProvider.tsx";
import type { Locale } from "../../lib/locale.ts";
import type { ServiceSwitch } from "./auth-api.ts";
import { ForgetPasswordForm } from "./ForgetPasswordForm.tsx";
import { LoginForm } from "./LoginForm.tsx";
import { RegisterForm } from "./RegisterForm.tsx";
import { safeRedirect } from "./redirect.ts";

interface PageProps {
  locale: Locale;
  resources: Record<string, NamespaceResources>;
  terms?: ServiceSwitch | null;
}

export function LoginPage({ locale, resources, terms = null }: PageProps) {
  const onSuccess = () => location.assign(safeRedirect(new URLSearchParams(location.search).get("redirect"), locale));
  return (
    <I18nProvider locale={locale} resources={resources}>
      <LoginForm idPrefix="login-page" locale={locale} terms={terms} onSuccess={onSuccess} />
    </I18nProvider>
  );
}

export function RegisterPage({ locale, resources, terms = null }: PageProps) {
  return (
    <I18nProvider locale={locale} resources={resources}>
      <RegisterForm locale={locale} terms={terms} />
    </I18nProvider>
  );
}

export function ForgetPasswordPage({ locale, resources }: PageProps) {
  return (
    <I18nProvider locale={locale} resources={resources}>
      <ForgetPasswordForm locale={locale} />
    </I18nProvider>
  );
}
