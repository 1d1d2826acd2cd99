import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { CaptureResponse, notStorableReason } from "./capture.ts";

describe("CaptureResponse", () => {
  it("collects status, headers and body written like the Astro node adapter", async () => {
    const cap = new CaptureResponse({} as IncomingMessage);
    cap.setHeader("X-A", "1");
    cap.writeHead(201, { "Content-Type": "text/html", "set-cookie": ["a=1", "b=2"] });
    cap.write(new TextEncoder().encode("<p>"));
    cap.write("héllo");
    cap.end(Buffer.from("</p>"));
    const r = await cap.done;
    expect(r.status).toBe(201);
    expect(r.headers.get("content-type")).toBe("text/html");
    expect(r.headers.get("x-a")).toBe("1");
    expect(r.headers.get("set-cookie")).toEqual(["a=1", "b=2"]);
    expect(r.body.toString()).toBe("<p>héllo</p>");
    expect(cap.headersSent).toBe(true);
  });

  it("rejects when destroyed before the end", async () => {
    const cap = new CaptureResponse({} as IncomingMessage);
    cap.write("x");
    cap.destroy(new Error("boom"));
    await expect(cap.done).rejects.toThrow("boom");
  });
});

describe("notStorableReason", () => {
  it("stores only 200/404 without cookies, private cache-control or encoding", () => {
    const h = (o: Record<string, string>) => new Map(Object.entries(o));
    expect(notStorableReason({ status: 200, headers: h({ "content-type": "text/html" }) })).toBeNull();
    expect(notStorableReason({ status: 404, headers: h({}) })).toBeNull();
    expect(notStorableReason({ status: 302, headers: h({ location: "/" }) })).toBe("status");
    expect(notStorableReason({ status: 500, headers: h({}) })).toBe("status");
    expect(notStorableReason({ status: 200, headers: h({ "set-cookie": "a=1" }) })).toBe("set-cookie");
    expect(notStorableReason({ status: 200, headers: h({ "cache-control": "private, max-age=0" }) })).toBe(
      "cache-control",
    );
    expect(notStorableReason({ status: 200, headers: h({ "content-encoding": "gzip" }) })).toBe("encoded");
  });
});
