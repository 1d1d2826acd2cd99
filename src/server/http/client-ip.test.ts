import { describe, expect, it } from "vitest";
import { clientIpOf, isTrustedProxy } from "./client-ip.ts";

describe("clientIpOf", () => {
  it("ignores X-Forwarded-For unless the peer is a configured proxy (loopback and private peers included)", () => {
    expect(clientIpOf("127.0.0.1", "1.2.3.4", [])).toBe("127.0.0.1");
    expect(clientIpOf("::ffff:10.0.0.5", "1.2.3.4", [])).toBe("10.0.0.5");
    expect(clientIpOf("192.168.1.9", "1.2.3.4", ["10.0.0.0/8"])).toBe("192.168.1.9");
  });
  it("behind configured proxies: the rightmost address that is not a proxy", () => {
    expect(clientIpOf("127.0.0.1", "6.6.6.6, 1.2.3.4", ["loopback"])).toBe("1.2.3.4");
    expect(clientIpOf("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.7", ["10.0.0.0/8"])).toBe("1.2.3.4");
    expect(clientIpOf("::1", "1.2.3.4", ["loopback"])).toBe("1.2.3.4");
    expect(clientIpOf("10.0.0.2", "", ["10.0.0.2"])).toBe("10.0.0.2");
    // garbage entries are skipped, never used as a key
    expect(clientIpOf("127.0.0.1", "not-an-ip, 1.2.3.4, evil", ["loopback"])).toBe("1.2.3.4");
  });
  it("in-process requests (no socket) use the header", () => {
    expect(clientIpOf("", "10.9.0.1", [])).toBe("10.9.0.1");
    expect(clientIpOf("", undefined, [])).toBe("unknown");
  });
  it("matches addresses, CIDR ranges and loopback", () => {
    expect(isTrustedProxy("10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(isTrustedProxy("11.1.2.3", ["10.0.0.0/8"])).toBe(false);
    expect(isTrustedProxy("::ffff:127.0.0.1", ["loopback"])).toBe(true);
    expect(isTrustedProxy("fd00::1", ["fd00::1"])).toBe(true);
  });
});
