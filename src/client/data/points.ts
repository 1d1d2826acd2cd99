/** The points' calls (CONTRACT §7.8, [points.md](../../../docs/points.md)): the user's points, their log, the daily sign-in. */
import type { Page } from "../../lib/api-types.ts";
import type { PointsLogDto, PointsInfoDto } from "../../lib/points/points.ts";
import { api } from "../api.ts";

/** The rules text of the points page. */
export interface PointsRulesDto {
  title: string;
  items: string[];
}

/** The answer of the sign-in: points earned and the text to show. */
export interface SignInDto {
  points: number;
  message: string;
}

/** GET /p/score/scoreInfo */
export function getPointsInfo(): Promise<PointsInfoDto> {
  return api.get<PointsInfoDto>("/p/score/scoreInfo");
}

/** GET /p/score/getScoreQuestion */
export function getPointsRules(): Promise<PointsRulesDto> {
  return api.get<PointsRulesDto>("/p/score/getScoreQuestion");
}

/** GET /p/score/page */
export function listPointsLog(current: number, size: number): Promise<Page<PointsLogDto>> {
  return api.get<Page<PointsLogDto>>("/p/score/page", { current, size });
}

/** POST /p/score/signIn */
export function signIn(): Promise<SignInDto> {
  return api.post<SignInDto>("/p/score/signIn", undefined, { silent: true });
}
