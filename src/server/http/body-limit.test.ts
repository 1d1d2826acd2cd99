import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  answerAfterBody,
  bodyLimitOf,
  bodyVerdict,
  continueUnlessRefused,
  REFUSED_BODY_DRAIN_BYTES,
} from "./body-limit.ts";

const MB = 1024 * 1024;
let server: http.Server | undefined;

/** A server that refuses every body with 413 the way main.ts does (answer after the drained body). */
async function refusingServer(): Promise<number> {
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (bodyVerdict(req.method ?? "GET", req.url ?? "/", req.headers, true).ok) return void res.end("ok");
    res.statusCode = 413;
    res.setHeader("Connection", "close");
    answerAfterBody(req, () => res.end("too large"));
  };
  server = http.createServer(handle);
  continueUnlessRefused(server, handle);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server.address() as net.AddressInfo).port;
}

/**
 * Writes the whole request (headers, then the body in 64 KB pieces a millisecond apart, as a
 * client on a real network does) and only then looks at the answer, like a simple client.
 */
function rawPost(port: number, bodyBytes: number): Promise<{ answer: string; unsent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer: Buffer.concat(chunks).toString("latin1"), unsent: left }));
    socket.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 97);
    let left = bodyBytes;
    const pump = () => {
      if (left <= 0 || socket.destroyed) return;
      const n = Math.min(left, chunk.length);
      left -= n;
      socket.write(chunk.subarray(0, n), () => setTimeout(pump, 1));
    };
    pump();
  });
}

afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

describe("body limits", () => {
  it("the login body is 4 KB at most; a larger declared length is refused from the headers", () => {
    expect(bodyLimitOf("POST", "/api/login").limit).toBe(4096);
    expect(bodyVerdict("POST", "/api/login", { "content-length": "5000" }, true)).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(bodyVerdict("POST", "/en/cart", { "transfer-encoding": "chunked" }, false)).toMatchObject({ status: 411 });
  });

  it("a client that writes a 2 MB body before reading always gets the 413, never EPIPE", async () => {
    const port = await refusingServer();
    for (let i = 0; i < 3; i++) {
      const { answer, unsent } = await rawPost(port, 2 * MB);
      // The connection stayed open until the whole body was written (no EPIPE), then the answer came.
      expect(unsent).toBe(0);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain("too large");
    }
  });

  it("a client waiting for 100 Continue gets the 413 at once, without sending its body; a small body is let in", async () => {
    const port = await refusingServer();
    const ask = (length: number, body = "") =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        let got = "";
        socket.on("data", (c: Buffer) => {
          got += c.toString("latin1");
          if (got.startsWith("HTTP/1.1 100 Continue\r\n\r\n") && body) socket.end(body);
        });
        socket.on("error", reject);
        socket.on("close", () => resolve(got));
        socket.write(
          `POST /api/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
        );
      });
    expect(await ask(2 * MB)).toMatch(/^HTTP\/1\.1 413 /);
    expect(await ask(2, "{}")).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  });

  it("a body beyond the drain bound is not read to its end: the answer comes and the connection closes", async () => {
    const port = await refusingServer();
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    socket.on("data", (c: Buffer) => (got += c.toString("latin1")));
    socket.on("error", () => {});
    const closed = new Promise<void>((r) => socket.on("close", () => r()));
    socket.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: ${REFUSED_BODY_DRAIN_BYTES * 4}\r\n\r\n`);
    await closed;
    expect(got).toMatch(/^HTTP\/1\.1 413 /);
  });
});
