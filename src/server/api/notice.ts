import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const noticeRouter = new Hono<ApiEnv>();
