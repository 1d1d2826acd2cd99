import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const catalogRouter = new Hono<ApiEnv>();
