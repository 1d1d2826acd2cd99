/** The benefit lines of a member level (member-center pages). */
import type { TFunction } from "i18next";
import type { LevelDto } from "../../lib/member/member-types.ts";
import { rateValues } from "../../lib/discount/rate.ts";

export function equityLines(l: LevelDto, t: TFunction): string[] {
  const out: string[] = [];
  const discount = Number(l.discount);
  if (discount > 0 && discount < 1) out.push(t("member.equity.discount", rateValues(Math.round(discount * 100) / 10)));
  const multiple = Number(l.pointsMultiple);
  if (multiple > 1) out.push(t("member.equity.points", { n: String(multiple) }));
  if (l.freeShipping) out.push(t("member.equity.freeShipping"));
  if (l.levelType === 1) out.push(t("member.equity.coupons"));
  if (out.length === 0) out.push(l.levelType === 0 ? t("member.equity.basePoints") : t("member.equity.none"));
  return out;
}
