import { describe, expect, it } from "vitest";
import { HISTORY_MAX, historyOf, record, redo, undo } from "./history.ts";

describe("studio history", () => {
  it("undoes and redoes steps; a new step drops what could be redone", () => {
    let h = historyOf(0);
    h = record(h, 1);
    h = record(h, 2);
    h = undo(h);
    expect(h.present).toBe(1);
    h = redo(h);
    expect(h.present).toBe(2);
    h = undo(undo(h));
    expect(h.present).toBe(0);
    h = record(h, 5);
    expect(h.future).toEqual([]);
    expect(redo(h).present).toBe(5);
  });
  it("keeps at least 50 steps (HISTORY_MAX), the oldest dropped", () => {
    let h = historyOf(0);
    for (let i = 1; i <= HISTORY_MAX + 20; i++) h = record(h, i);
    let n = 0;
    while (h.past.length) {
      h = undo(h);
      n++;
    }
    expect(n).toBe(HISTORY_MAX);
    expect(HISTORY_MAX).toBeGreaterThanOrEqual(50);
    expect(h.present).toBe(20);
  });
  it("typing in one field is one step; another field or a pause starts a new one", () => {
    let h = historyOf("");
    h = record(h, "a", "title", 1000);
    h = record(h, "ab", "title", 1200);
    h = record(h, "abc", "title", 1400);
    expect(h.past).toEqual([""]);
    h = record(h, "abcd", "title", 5000);
    h = record(h, "abcde", "sub", 5100);
    expect(h.past).toEqual(["", "abc", "abcd"]);
  });
});
