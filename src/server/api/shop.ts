import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const shopRouter = new Hono<ApiEnv>();
