/** The points mall's call ([points.md](../../../docs/points.md)): an exchange paid with points (and money). */
import { api } from "../api.ts";

/** The answer of an exchange: the order, and whether points alone paid it. */
export interface PointsOrderDto {
  orderNumber: string;
  paid: boolean;
}

/** POST /p/score/submit */
export function submitPointsOrder(body: {
  prodId: number;
  prodCount: number;
  addrId: number;
  remarks: string;
}): Promise<PointsOrderDto> {
  return api.post<PointsOrderDto>("/p/score/submit", body, { silent: true });
}
