/**
 * Mounts the login popup into a container (loaded on demand by src/scripts/login-popup-host.ts,
 * on the first click that needs it). Only the current locale's "account" and "rules" texts are
 * imported.
 */
import { createRoot } from "react-dom/client";
import { I18nProvider } from "../common/I18nProvider.tsx";
import { loadLocaleResources } from "../common/load-resources.ts";
import { pageLocale } from "../../client/i18n.ts";
import { LoginPopup } from "./LoginPopup.tsx";
import "./auth.css";

const files = import.meta.glob<{ default: Record<string, never> }>("../../i18n/*/{account,rules}.json");

export async function mountLoginPopup(container: HTMLElement, onReady: () => void): Promise<void> {
  const locale = pageLocale();
  const resources = await loadLocaleResources(files, locale);
  createRoot(container).render(
    <I18nProvider locale={locale} resources={resources}>
      <LoginPopup onReady={onReady} />
    </I18nProvider>,
  );
}
