/**
 * The operator's view of the real server process (docs/operations.md "Health, logs and metrics"):
 * request ids, readiness, and metrics that only the scraper with the token can read.
 */
import { expect, test } from "@playwright/test";

const TOKEN = process.env.MALL_E2E_METRICS_TOKEN!;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test("every answer carries a request id: the proxy's when it looks like one, a new one otherwise", async ({
  request,
}) => {
  const page = await request.get("/en/detail/1", { headers: { "X-Request-Id": "lb-7f3a.42" } });
  expect(page.status()).toBe(200);
  expect(page.headers()["x-request-id"]).toBe("lb-7f3a.42");
  const api = await request.get("/api/health/ready");
  expect(api.status()).toBe(200);
  const fresh = api.headers()["x-request-id"];
  expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
  const bad = await request.get("/api/health/live", { headers: { "X-Request-Id": "a b\u00e9" } });
  expect(bad.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});

test("/metrics is not public: 404 without the bearer token, Prometheus text with it", async ({ request }) => {
  expect((await request.get("/metrics")).status()).toBe(404);
  expect((await request.get("/metrics", { headers: auth(`${TOKEN}x`) })).status()).toBe(404);
  await request.get("/en/detail/2");
  await request.get("/en/detail/3");
  const res = await request.get("/metrics", { headers: auth(TOKEN) });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  const text = await res.text();
  expect(text).toMatch(/mall_http_requests_total\{method="GET",route="\/detail\/:id",status="2xx"\} \d+/);
  expect(text).toMatch(/mall_render_cache_lookups_total\{outcome="miss"\} \d+/);
  expect(text).toMatch(/^mall_jobs_due \d+$/m);
  expect(text).not.toContain("/detail/2");
});
