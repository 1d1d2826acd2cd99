/** The studio's head line: the shop signed in, and signing out. */
import { useTranslation } from "../common/I18nProvider.tsx";
import type { Session } from "./studio-session.ts";

export function StudioHeader({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ds-header">
      <span>{t("renovation.studio.shop", { id: session.shopId })}</span>
      <button type="button" className="btn btn-ghost ds-small" onClick={onSignOut}>
        {t("renovation.studio.signOut")}
      </button>
    </div>
  );
}
