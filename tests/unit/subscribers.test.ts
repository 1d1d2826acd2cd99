/**
 * Every event a lower feature announces has its subscriber once a process has loaded what it runs
 * (docs/architecture.md "How one feature reacts to another"): the API (every router) and the job
 * runner (src/server/all-jobs.ts). An empty slot would throw at the first announcement, in the
 * middle of a buyer's request.
 */
import { describe, expect, it } from "vitest";
import "../../src/server/api/app.ts";
import "../../src/server/all-jobs.ts";
import { subscriberSlots } from "../../src/server/domain/kernel/subscriber.ts";

describe("subscribers", () => {
  it("loading the API and the jobs fills every event's slot", () => {
    const slots = subscriberSlots();
    expect(slots.map((s) => s.event)).toEqual(
      expect.arrayContaining(["a reviewed line", "a changed invoice", "a store account set"]),
    );
    expect(slots.filter((s) => !s.subscribed)).toEqual([]);
  });
});
