import http from 'node:http';
import type { Registry } from 'prom-client';
import { metricsScrapeAllowed } from '../db/metrics';

/**
 * The standalone worker's GET /metrics (it has no other HTTP server): the process's registry (Node,
 * the outbox, credit-note runs) followed by the Temporal SDK's own worker metrics (task slots, poll
 * and schedule-to-start latencies, activity failures), which the SDK's Prometheus exporter serves
 * on a loopback-only port and this server passes on behind the same METRICS_TOKEN
 * (docs/decisions/0075).
 */
export async function startWorkerMetricsServer({ port, host, token, registry, temporalMetricsUrl }: { port: number; host?: string; token: string; registry: Registry; temporalMetricsUrl: string }) {
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: 'Only GET /metrics is served here.' }));
        return;
      }
      if (!metricsScrapeAllowed(req.headers.authorization, token)) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="metrics"' }).end(JSON.stringify({ status: 'error', message: 'Send Authorization: Bearer <METRICS_TOKEN>.' }));
        return;
      }
      // The SDK's exporter may not answer yet right after start: the process's own figures still go out.
      const temporal = await fetch(temporalMetricsUrl, { signal: AbortSignal.timeout(5_000) })
        .then((response) => (response.ok ? response.text() : ''))
        .catch(() => '');
      res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(`${await registry.metrics()}\n${temporal}`);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
