/** The part of autocannon 8 (no published types) the specs use. */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  export interface Result {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Instance {
    on(event: 'reqError', listener: (error: Error & { code?: string }) => void): Instance;
    on(event: 'done', listener: (result: Result) => void): Instance;
    stop(): void;
  }
  function autocannon(options: Options, callback?: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
