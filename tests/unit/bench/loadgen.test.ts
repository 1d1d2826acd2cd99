import { describe, expect, it } from "vitest";
import { parseWrk, requestLines, wrkMs } from "../../bench/loadgen.ts";

describe("bench: reading wrk's output", () => {
  it("reads requests/s, the 99th percentile, the average, non-2xx and socket errors", () => {
    const out = `Running 10s test @ http://127.0.0.1:5002
  1 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    36.18ms   20.11ms 563.47ms   85.68%
    Req/Sec   178.52     21.92   240.00     66.43%
  Latency Distribution
     50%   31.02ms
     75%   40.77ms
     90%   52.10ms
     99%    1.20s
  1803 requests in 10.01s, 16.93MB read
  Non-2xx or 3xx responses: 30
  Socket errors: connect 0, read 1, write 0, timeout 3
Requests/sec:    178.52
Transfer/sec:      1.69MB
`;
    expect(parseWrk(out)).toEqual({
      requestsPerSec: 179,
      latencyP99Ms: 1200,
      latencyAvgMs: 36.18,
      non2xx: 30,
      errors: 4,
      total: 1803,
    });
  });

  it("converts its latency units", () => {
    expect([wrkMs("850.00us"), wrkMs("2.50ms"), wrkMs("1.5s"), wrkMs("x")]).toEqual([0.85, 2.5, 1500, NaN]);
  });
});

describe("bench: the requests file of wrk's script", () => {
  it("writes one request a line: method, path and body separated by tabs", () => {
    expect(
      requestLines([
        { method: "PUT", path: "/api/merchant/products/7/skus/21", body: '{"stocksDelta":1}' },
        { method: "GET", path: "/api/health" },
      ]),
    ).toBe('PUT\t/api/merchant/products/7/skus/21\t{"stocksDelta":1}\nGET\t/api/health\t');
  });

  it("refuses a body the line format can not carry", () => {
    expect(() => requestLines([{ method: "POST", path: "/x", body: '{"a":\n1}' }])).toThrow(/newline/);
  });
});
