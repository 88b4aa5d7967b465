// The customer- and merchant-facing figures (payment page, webhooks, expiry): their tables and targets.
import type { ExpiryFigures } from "./expiry";
import { JS_BUDGET_BYTES, PAGE_CONNECTIONS, type PageFigures } from "./page";
import { ms } from "./stats";
import type { WebhookFigures } from "./webhooks";

export interface Check {
  target: string;
  measured: string;
  pass: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function pageChecks(p: PageFigures): Check[] {
  return [{ target: "payment page JavaScript ≤ 50 KB gzip", measured: `${p.jsGzipBytes} bytes`, pass: p.jsGzipBytes <= JS_BUDGET_BYTES }];
}

export function webhookChecks(w: WebhookFigures): Check[] {
  const missing = w.missing > 0 ? ` (${w.missing} of ${w.payments} never arrived)` : "";
  return [
    { target: "webhook latency p50 < 1 s", measured: `${ms(w.latency.p50)} ms${missing}`, pass: w.missing === 0 && w.latency.p50 < 1000 },
    { target: "webhook latency p99 < 3 s", measured: `${ms(w.latency.p99)} ms${missing}`, pass: w.missing === 0 && w.latency.p99 < 3000 },
  ];
}

export function expiryChecks(e: ExpiryFigures): Check[] {
  const missing = e.missing > 0 ? ` (${e.missing} of ${e.transactions} not expired after 30 s)` : "";
  return [{ target: "expired within 5 s of expires_at (max lag)", measured: `${ms(e.lag.max)} ms${missing}`, pass: e.missing === 0 && e.lag.max <= 5000 }];
}

export function pageLines(p: PageFigures): string[] {
  const { loaded, sequential: s } = p;
  const scripts = p.scripts.length === 0 ? "none" : p.scripts.map((x) => `${x.source} ${x.gzipBytes} B`).join(", ");
  return [
    "| Measurement | req/s | p50 ms | p99 ms | requests | failed |",
    "|---|---:|---:|---:|---:|---:|",
    `| ${PAGE_CONNECTIONS} connections, autocannon (until the whole response is read) | ${loaded.rps.toFixed(0)} | ${loaded.p50} | ${loaded.p99} | ${loaded.total} | ${loaded.failed} |`,
    `| 1 connection, sequential: time to first byte (response headers) | — | ${ms(s.firstByte.p50)} | ${ms(s.firstByte.p99)} | ${s.firstByte.n} | 0 |`,
    `| 1 connection, sequential: whole response | — | ${ms(s.complete.p50)} | ${ms(s.complete.p99)} | ${s.complete.n} | 0 |`,
    "",
    `- JavaScript shipped: **${p.jsGzipBytes} bytes gzip** (budget ${kb(JS_BUDGET_BYTES)}); scripts referenced or inline: ${scripts}` +
      (p.dataScriptGzipBytes > 0 ? `; inline data scripts (not code): ${p.dataScriptGzipBytes} B gzip` : ""),
    `- HTML: ${kb(p.html.bytes)} (${kb(p.html.gzipBytes)} gzip)`,
  ];
}

export function webhookLines(w: WebhookFigures): string[] {
  return [
    "| Measurement | n | p50 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|",
    `| webhook latency ('paid' event created_at → receiver) | ${w.latency.n} | ${ms(w.latency.p50)} | ${ms(w.latency.p99)} | ${ms(w.latency.max)} |`,
    `| payment flow (pay → card → return), for reference | ${w.flow.n} | ${ms(w.flow.p50)} | ${ms(w.flow.p99)} | ${ms(w.flow.max)} |`,
    "",
    `- ${w.payments} payments, ${w.concurrency} at a time, paid in ${w.payingSeconds.toFixed(1)} s (${(w.payments / w.payingSeconds).toFixed(1)} payments/s)`,
    `- webhooks received: ${w.received} POSTs for ${w.payments - w.missing} events; missing ${w.missing}; without a valid-looking signature ${w.unsigned}`,
  ];
}

export function expiryLines(e: ExpiryFigures): string[] {
  return [
    "| Measurement | n | p50 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|",
    `| expiry lag ('expired' event created_at − expires_at) | ${e.lag.n} | ${ms(e.lag.p50)} | ${ms(e.lag.p99)} | ${ms(e.lag.max)} |`,
    "",
    `- ${e.transactions} transactions, expire transactions ${e.expireTransactions ? "on" : "off"}; not expired within 30 s: ${e.missing}`,
  ];
}
