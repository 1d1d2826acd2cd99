/** GET /p/order/getOrderPayInfoByOrderNumber, POST /p/order/pay, GET /p/myOrder/getOrderStatus, the sandbox provider's pages and signed callback. */
import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

export const paymentRouter = new Hono<ApiEnv>();
