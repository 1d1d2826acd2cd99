import { describe, expect, it } from "vitest";
import { StatementMeter, statementKind } from "./statement-meter.ts";

describe("statementKind", () => {
  it("names the kind by drizzle's builder, else by the first word; never more of the text", () => {
    expect(statementKind('select "id" from "users" where "id" = $1')).toBe("select");
    expect(statementKind("\n    SELECT count(*) from jobs")).toBe("select");
    expect(statementKind('insert into "rate_limits" values ($1)')).toBe("insert");
    expect(statementKind("update orders set status = 3")).toBe("update");
    expect(statementKind("delete from sessions")).toBe("delete");
    expect(statementKind("with t as (select 1) update x set y = 1")).toBe("other");
    expect(statementKind("select pg_advisory_xact_lock(1)", "update")).toBe("update");
    expect(statementKind("begin")).toBe("other");
    expect(statementKind("selection")).toBe("other");
  });
});

describe("StatementMeter.pool", () => {
  it("in use: open transactions and statements outside them, up to the pool; the rest waits", () => {
    const m = new StatementMeter(null, 10);
    expect(m.pool()).toEqual({ size: 10, inUse: 0, idle: 10, waiting: 0, inFlight: 0, openTransactions: 0 });
    m.openTransactions = 4;
    m.inside = 3;
    m.outside = 2;
    expect(m.pool()).toEqual({ size: 10, inUse: 6, idle: 4, waiting: 0, inFlight: 5, openTransactions: 4 });
    m.outside = 9;
    expect(m.pool()).toMatchObject({ inUse: 10, idle: 0, waiting: 3 });
  });
});
