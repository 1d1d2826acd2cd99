/** /merchant/* (merchant login with its own token, shop orders, ship, logistics events). */
import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const merchantRouter = new Hono<ApiEnv>();
