import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectionDrain } from "./drain.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("connection drain on shutdown", () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  /** A keep-alive server whose answers take `delayMs`; the drain is optional (to show the difference). */
  async function start(delayMs: number, withDrain: boolean) {
    const s = http.createServer((_req, res) => {
      if (withDrain) drain.track(res);
      setTimeout(() => res.end("ok"), delayMs);
    });
    const drain = connectionDrain(s);
    s.keepAliveTimeout = 65_000;
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    server = s;
    const agent = new http.Agent({ keepAlive: true });
    const port = (s.address() as AddressInfo).port;
    const get = () =>
      new Promise<string | undefined>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.headers.connection));
          })
          .on("error", reject);
      });
    return { s, drain, get };
  }

  it("answers in flight at the stop with Connection: close, and the server closes once they are done", async () => {
    const { s, drain, get } = await start(200, true);
    expect(await get()).toBe("keep-alive");
    const inFlight = get();
    await sleep(50);
    let closed = false;
    s.close(() => (closed = true));
    drain.start();
    expect(await inFlight).toBe("close");
    await sleep(100);
    expect(closed).toBe(true);
  });

  it("while the server still listens, an idle connection stays open and its next answer closes it", async () => {
    const { s, drain, get } = await start(10, true);
    expect(await get()).toBe("keep-alive");
    let sockets = 0;
    s.on("connection", () => sockets++);
    drain.start();
    await sleep(50);
    // The idle connection was not closed under the client: the next request reuses it.
    expect(await get()).toBe("close");
    expect(sockets).toBe(0);
  });

  it("without it the in-flight answer keeps its connection alive and the server does not close", async () => {
    const { s, get } = await start(200, false);
    await get();
    const inFlight = get();
    await sleep(50);
    let closed = false;
    s.close(() => (closed = true));
    s.closeIdleConnections();
    expect(await inFlight).toBe("keep-alive");
    await sleep(100);
    expect(closed).toBe(false);
  });

  it("closes a connection whose answer had already started when the stop came", async () => {
    const s = http.createServer((_req, res) => {
      drain.track(res);
      res.writeHead(200);
      res.write("a");
      setTimeout(() => res.end("b"), 200);
    });
    const drain = connectionDrain(s);
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    server = s;
    const agent = new http.Agent({ keepAlive: true });
    const port = (s.address() as AddressInfo).port;
    const done = new Promise<void>((resolve) =>
      http.get({ host: "127.0.0.1", port, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      }),
    );
    await sleep(50);
    let closed = false;
    s.close(() => (closed = true));
    drain.start();
    await done;
    await sleep(100);
    expect(closed).toBe(true);
  });
});
