import { describe, expect, it } from "vitest";
import { describeError, logSafe, requestLine } from "./error-log.ts";

describe("describeError", () => {
  it("keeps the SQL and the database code, drops parameters and details", () => {
    const pg = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
      detail: "Key (mobile)=(13800138000)",
    });
    const drizzle = Object.assign(
      new Error(
        'Failed query: insert into "addresses" ("receiver","mobile") values ($1, $2)\nparams: Zhang San,13800138000',
      ),
      {
        name: "DrizzleQueryError",
        query: 'insert into "addresses" ("receiver","mobile") values ($1, $2)',
        params: ["Zhang San", "13800138000"],
        cause: pg,
      },
    );
    const line = describeError(drizzle);
    expect(line).toContain("DrizzleQueryError");
    expect(line).toContain('insert into "addresses"');
    expect(line).toContain("[22021]");
    expect(line).not.toContain("13800138000");
    expect(line).not.toContain("Zhang San");
  });
  it("logs the path without the query string", () => {
    expect(requestLine("GET", "/api/p/address/list?mobile=13800138000")).toBe("GET /api/p/address/list");
  });
  it("never writes a control character: no input can start a forged log line", () => {
    const forged = Object.assign(new Error("bad value x\rFORGED4 \u0085 \u2028 done"), { code: "x\ny" });
    const line = describeError(forged).split("\n")[0]!;
    expect(line).toBe("Error [x\\u000ay]: bad value x\\u000dFORGED4 \\u0085 \\u2028 done");
    const drizzle = Object.assign(new Error("Failed query: select 1\nparams: x\u0000\nFORGED4"), {
      query: "select $1\nFORGED5",
    });
    expect(describeError(drizzle)).not.toMatch(/\nFORGED|FORGED4/);
    expect(requestLine("GET", "/shopList\nFORGED4?shopName=x")).toBe("GET /shopList\\u000aFORGED4");
    expect(logSafe("plain 文字")).toBe("plain 文字");
  });
});
