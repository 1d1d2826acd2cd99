/**
 * Mounts the login popup into a container (loaded on demand by src/scripts/login-popup-host.ts).
 * Only the current locale's "authUi" and "rules" texts are imported.
 */
import { createRoot } from "react-dom/client";
import { I18nProvider } from "../common/I18nProvider.tsx";
import { LoginPopup } from "./LoginPopup.tsx";
import "./auth.css";

const NAMESPACES = ["authUi", "rules"] as const;

export function mountLoginPopup(container: HTMLElement, onReady: () => void): void {
  createRoot(container).render(
    <I18nProvider namespaces={NAMESPACES}>
      <LoginPopup onReady={onReady} />
    </I18nProvider>,
  );
}
