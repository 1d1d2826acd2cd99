/**
 * The data-tpl-* attributes scripts/group-team.ts reads to write a team's status and free seats,
 * for the team page (/group-team) and the user centre's group-buy list (/user-center/uc-group).
 */
import type { TFunction } from "i18next";

export function teamStatusTemplates(t: TFunction): Record<string, string> {
  return {
    "data-tpl-status0": t("groupBuy.statusAwaiting"),
    "data-tpl-status1": t("groupBuy.statusGrouping"),
    "data-tpl-status2": t("groupBuy.statusSucceeded"),
    "data-tpl-status3": t("groupBuy.statusFailed"),
    "data-tpl-seats": t("groupBuy.seatsLeft", { n: "{{n}}" }),
  };
}
