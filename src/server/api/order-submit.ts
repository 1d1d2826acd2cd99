/** POST /p/order/confirm, POST /p/order/submit. */
import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const orderSubmitRouter = new Hono<ApiEnv>();
