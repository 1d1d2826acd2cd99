/**
 * Area tree (CONTRACT §7.3): GET /p/area/listByPid?pid= and the same without login at
 * GET /area/listByPid (areas are not secret). No pid or 0 → provinces; an unknown id → [].
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { intFieldDefault } from "../../lib/validation.ts";
import { listAreasByPid } from "../domain/address/area.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseWith } from "./address.ts";

export const areaRouter = new Hono<ApiEnv>();

const listByPidQuery = z.object({ pid: intFieldDefault(0, 2_147_483_647, 0) });

function listByPid(c: Context<ApiEnv>) {
  const { pid } = parseWith(c, listByPidQuery, c.req.query());
  return ok(c, listAreasByPid(pid, c.var.locale));
}

areaRouter.get("/p/area/listByPid", listByPid);
areaRouter.get("/area/listByPid", (c) => {
  cachePublic(c, 3600);
  return listByPid(c);
});
