/**
 * The load balancer's probes. They skip the IP filter and the site pipeline (shop from host,
 * redirections): a probe must answer whatever the allow list says, and liveness must do no I/O.
 */
export const LIVENESS_PATH = '/health/live';
export const READINESS_PATH = '/health/ready';
export const PROBE_PATHS: ReadonlySet<string> = new Set([LIVENESS_PATH, READINESS_PATH]);

/**
 * A probe: GET or HEAD on exactly one of the two paths. Only these skip the IP filter and the site
 * pipeline; any other method there (POST, OPTIONS…) is an ordinary request, refused like any other.
 */
export function isProbeRequest(req: { method: string; path: string }): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && PROBE_PATHS.has(req.path);
}
