/** The member's calls ([points.md](../../../docs/points.md)): levels and the paid membership. */
import type { LevelPageDto } from "../../lib/member/member-types.ts";
import { api } from "../api.ts";

/** The answer of buying the paid membership: 1 paid (balance), 2 go pay (QR or link), 3 refused. */
export interface LevelPayDto {
  type: 1 | 2 | 3;
  message?: string;
  endTime?: string;
  payNo?: string;
  codeUrl?: string;
  payUrl?: string;
}

/** GET /p/score/scoreLevel/page?levelType=: the levels and the user's own. */
export function getLevelPage(levelType: number): Promise<LevelPageDto> {
  return api.get<LevelPageDto>("/p/score/scoreLevel/page", { levelType });
}

/** POST /p/level/payLevel */
export function payLevel(body: { id: number; payType: number; returnUrl: string }): Promise<LevelPayDto> {
  return api.post<LevelPayDto>("/p/level/payLevel", body, { silent: true });
}

/** GET /p/level/payStatus?payNo=: 0 waiting, 1 paid, 2 expired. */
export function getLevelPayStatus(payNo: string): Promise<number> {
  return api.get<number>("/p/level/payStatus", { payNo }, { silent: true });
}
