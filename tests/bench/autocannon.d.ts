// Minimal typing for the parts of autocannon the bench uses (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of duration). */
    amount?: number;
    pipelining?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Requests each connection cycles through (path relative to url's origin). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Changes each request before it is sent (e.g. a different body every time). */
      setupRequest?: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      };
    }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
