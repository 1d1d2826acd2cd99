/**
 * The client's IP for per-IP limits (docs/security.md "Proxy"). X-Forwarded-For is believed only
 * from the proxies named in TRUST_PROXY (config.trustProxy): comma-separated IPv4/IPv6 addresses,
 * IPv4 CIDR ranges ("10.0.0.0/8") or "loopback" (127.0.0.0/8 and ::1). Then the header is read
 * from the right, skipping trusted proxies; the first other address is the client (entries
 * further left were written by the client and prove nothing). Without TRUST_PROXY the socket
 * peer is the client and the header is ignored — as reverse-proxy conventions expect.
 */
import net from "node:net";

/** "::ffff:1.2.3.4" → "1.2.3.4"; otherwise the address as it is (trimmed, lower case). */
function plain(ip: string): string {
  const v = ip.trim().toLowerCase();
  return v.startsWith("::ffff:") && net.isIPv4(v.slice(7)) ? v.slice(7) : v;
}

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

/** Whether `ip` matches one TRUST_PROXY entry. */
function matches(ip: string, entry: string): boolean {
  const e = entry.trim().toLowerCase();
  if (e === "loopback") return ip === "::1" || (net.isIPv4(ip) && ip.startsWith("127."));
  const slash = e.indexOf("/");
  if (slash > 0 && net.isIPv4(ip) && net.isIPv4(e.slice(0, slash))) {
    const bits = Number(e.slice(slash + 1));
    if (!Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (ipv4ToInt(ip) & mask) === (ipv4ToInt(e.slice(0, slash)) & mask);
  }
  return plain(e) === ip;
}

export function isTrustedProxy(ip: string, trust: readonly string[]): boolean {
  const p = plain(ip);
  return trust.some((entry) => matches(p, entry));
}

/**
 * The client address of a request whose socket peer is `peer`. `peer` empty means an in-process
 * request (the API tests): the last X-Forwarded-For entry stands in for the peer then.
 */
export function clientIpOf(peer: string, forwardedFor: string | undefined, trust: readonly string[]): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((s) => plain(s))
    .filter((s) => net.isIP(s) !== 0);
  if (!peer) return hops.at(-1) ?? "unknown";
  let ip = plain(peer);
  if (!isTrustedProxy(ip, trust)) return ip;
  for (let i = hops.length - 1; i >= 0; i--) {
    ip = hops[i]!;
    if (!isTrustedProxy(ip, trust)) return ip;
  }
  return ip;
}
