import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const sysRouter = new Hono<ApiEnv>();
