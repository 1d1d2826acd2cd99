/** The group buy's calls made by the team page script ([group-buy.md](../../../docs/group-buy.md)). */
import type { Page } from "../../lib/api-types.ts";
import type { TeamInfoDto } from "../../lib/group-buy/group-buy.ts";
import { api } from "../api.ts";

/** GET /p/groupTeam/byOrder?orderNumber=: the team of the buyer's group order. */
export async function getTeamIdByOrder(orderNumber: string): Promise<number> {
  return (await api.get<{ groupTeamId: number }>("/p/groupTeam/byOrder", { orderNumber }, { silent: true })).groupTeamId;
}

/** GET /p/groupTeam/info?groupTeamId= */
export function getTeam(groupTeamId: number | string): Promise<TeamInfoDto> {
  return api.get<TeamInfoDto>("/p/groupTeam/info", { groupTeamId }, { silent: true });
}

/** GET /p/groupTeam/mine: the user's teams. */
export function listMyTeams(): Promise<Page<TeamInfoDto>> {
  return api.get<Page<TeamInfoDto>>("/p/groupTeam/mine", { current: 1, size: 50 }, { silent: true });
}
