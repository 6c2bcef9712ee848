// autocannon ships no types; this covers what the benchmarks read.
declare module "autocannon" {
  type Options = {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  };
  type Result = {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
