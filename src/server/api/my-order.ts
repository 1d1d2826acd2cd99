/** /p/myOrder/* (list, detail, cancel, receipt, delete, buy again) and /p/myDelivery/* (packages and logistics). */
import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const myOrderRouter = new Hono<ApiEnv>();
