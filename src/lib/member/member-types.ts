/**
 * Member levels (CONTRACT §6.5 member centre): GET /p/score/scoreLevel/page, answered by
 * src/server/domain/member/member.ts and read by the member centre pages and their script.
 */

export interface LevelDto {
  id: number;
  level: number;
  levelName: string;
  levelType: number;
  needGrowth: number;
  needAmount: string;
  term: number;
  termType: "day";
  discount: string;
  pointsMultiple: string;
  freeShipping: boolean;
}

export interface LevelPageDto {
  userLevel: { level: number; levelType: number; levelName: string };
  userLevels: LevelDto[];
  growth: number;
  nextGrowth: number | null;
  /** Paid membership end (ISO) while active, else null. */
  endTime: string | null;
  totalBalance: string;
}
