/**
 * Valid HTML: the W3C Nu HTML Checker (the `vnu-jar` package; needs `java`, which .ci/run installs
 * on a fresh Debian) over the server HTML of every route of SPEC §2 and the mall's own pages
 * (English; tests/e2e/routes.ts), the demo buyer's pages fetched with the buyer's token cookie, the
 * payment counter and the sandbox provider's page with a fresh buyer's unpaid order. The checker
 * starts once for all files (it is slow to start) and must report 0 errors; each error is listed
 * with its page, line and message.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { freshBuyerToken } from "./helpers.ts";
import { allRoutes, demoToken, sandboxPayPath, unpaidOrder } from "./routes.ts";

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every page's server HTML passes the Nu HTML Checker (en)", async ({ request, context, baseURL }) => {
  test.setTimeout(240_000);
  const token = await demoToken(request);
  const routes = await allRoutes(request, token);
  const buyer = await freshBuyerToken(request, context, baseURL!, "vnu");
  const order = await unpaidOrder(request, buyer);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-vnu-"));
  const files = new Map<string, string>();
  const save = async (name: string, url: string, cookieToken?: string) => {
    const res = await request.get(url, cookieToken ? { headers: { cookie: `token=${cookieToken}` } } : {});
    expect(res.status(), url).toBeLessThan(500);
    const file = path.join(dir, `${name}.html`);
    fs.writeFileSync(file, await res.text());
    files.set(`file:${file}`, url);
  };
  for (const r of routes) await save(r.name, r.path, r.buyer ? token : undefined);
  await save("payment", `/en/payment?orderNumbers=${order}`, buyer);
  await save("sandbox-pay", await sandboxPayPath(request, buyer, order));

  // Exit code 1 when there are errors; the JSON report is on stderr either way.
  const out = await promisify(execFile)("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", dir], {
    maxBuffer: 32 * 1024 * 1024,
  }).catch((e: { stderr?: string }) => ({ stderr: e.stderr ?? "" }));
  fs.rmSync(dir, { recursive: true, force: true });
  const report = JSON.parse(out.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  const errors = report.messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map(
      (m) =>
        `${files.get(m.url) ?? m.url}:${m.lastLine ?? "?"}: ${m.message} ${m.extract ? `«${m.extract.trim()}»` : ""}`,
    );
  expect(files.size).toBe(routes.length + 2);
  expect(errors, "Nu HTML Checker errors").toEqual([]);
});
