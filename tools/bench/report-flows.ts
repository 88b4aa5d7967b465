// The customer- and merchant-facing figures (payment page, webhooks, expiry): their tables and targets.
import type { ExpiryFigures } from "./expiry";
import { LCP_LOADS, PHONE_PROFILE } from "./browser";
import { LCP_TARGET_MS, OWN_JS_BUDGET_BYTES, PAGE_CONNECTIONS, type PageFigures, TTFB_TARGETS } from "./page";
import { ms } from "../shared/stats";
import type { WebhookFigures } from "./webhooks";

export interface Check {
  target: string;
  measured: string;
  pass: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

export function pageChecks(p: PageFigures): Check[] {
  const ttfb = p.sequential.firstByte;
  const vsFloor = p.loaded.rps / p.floorLoaded.rps;
  return [
    { target: `payment page req/s ≥ 70% of the framework floor page's (${PAGE_CONNECTIONS} connections)`, measured: pct(vsFloor), pass: vsFloor >= 0.7 },
    { target: `payment page JavaScript beyond the framework floor's ≤ ${kb(OWN_JS_BUDGET_BYTES)} gzip`, measured: kb(p.ownGzipBytes), pass: p.ownGzipBytes <= OWN_JS_BUDGET_BYTES },
    { target: `payment page first byte p50 ≤ ${TTFB_TARGETS.p50} ms (1 connection)`, measured: `${ms(ttfb.p50)} ms`, pass: ttfb.p50 <= TTFB_TARGETS.p50 },
    { target: `payment page first byte p99 ≤ ${TTFB_TARGETS.p99} ms (1 connection)`, measured: `${ms(ttfb.p99)} ms`, pass: ttfb.p99 <= TTFB_TARGETS.p99 },
    { target: `payment page LCP p50 ≤ ${LCP_TARGET_MS / 1000} s (phone profile, first visit)`, measured: `${ms(p.lcp.p50)} ms`, pass: p.lcp.p50 <= LCP_TARGET_MS },
  ];
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
  const { loaded, floorLoaded: floor, sequential: s } = p;
  const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const own = p.own.length === 0 ? "none" : p.own.map((x) => `${x.source} ${kb(x.gzipBytes)}`).join(", ");
  return [
    "| Measurement | req/s | p50 ms | p99 ms | requests | failed |",
    "|---|---:|---:|---:|---:|---:|",
    `| payment page, ${PAGE_CONNECTIONS} connections, autocannon (until the whole response is read) | ${loaded.rps.toFixed(0)} | ${loaded.p50} | ${loaded.p99} | ${loaded.total} | ${loaded.failed} |`,
    `| framework floor page, ${PAGE_CONNECTIONS} connections, autocannon (right before it, in each round) | ${floor.rps.toFixed(0)} | ${floor.p50} | ${floor.p99} | ${floor.total} | ${floor.failed} |`,
    `| payment page, 1 connection: time to first byte | — | ${ms(s.firstByte.p50)} | ${ms(s.firstByte.p99)} | ${s.firstByte.n} | 0 |`,
    `| payment page, 1 connection: whole response | — | ${ms(s.complete.p50)} | ${ms(s.complete.p99)} | ${s.complete.n} | 0 |`,
    `| framework floor page (same build, no SQL), 1 connection: first byte | — | ${ms(p.floorFirstByte.p50)} | ${ms(p.floorFirstByte.p99)} | ${p.floorFirstByte.n} | 0 |`,
    `| physical floor (node:http + pg SELECT, small HTML), 1 connection: first byte | — | ${ms(p.baselineFirstByte.p50)} | ${ms(p.baselineFirstByte.p99)} | ${p.baselineFirstByte.n} | 0 |`,
    "",
    `- req/s at ${PAGE_CONNECTIONS} connections vs the framework floor page: ${pct(loaded.rps / floor.rps)}`,
    `- First byte p50 vs the framework floor page: ${times(s.firstByte.p50, p.floorFirstByte.p50)}; vs the node:http page: ${times(s.firstByte.p50, p.baselineFirstByte.p50)}`,
    `- JavaScript files, gzip: payment page **${kb(p.page.filesGzipBytes)}**, framework floor page **${kb(p.floor.filesGzipBytes)}**, ours (files the floor page does not load) **${kb(p.ownGzipBytes)}**: ${own}`,
    `- Inline scripts (Next's bootstrap and the React Server Components payload, data for hydration), gzip: payment page ${kb(p.page.inlineGzipBytes)}, floor page ${kb(p.floor.inlineGzipBytes)}`,
    `- HTML: payment page ${kb(p.page.html.bytes)} (${kb(p.page.html.gzipBytes)} gzip), floor page ${kb(p.floor.html.bytes)} (${kb(p.floor.html.gzipBytes)} gzip)`,
    `- Largest Contentful Paint, ${LCP_LOADS} first visits each (${PHONE_PROFILE.cpuSlowdown}× CPU slowdown, ${PHONE_PROFILE.downloadKbps / 1000} Mbit/s down, ${PHONE_PROFILE.latencyMs} ms round trip, Pixel 7 viewport): payment page p50 **${ms(p.lcp.p50)} ms** (max ${ms(p.lcp.max)} ms), framework floor page p50 ${ms(p.floorLcp.p50)} ms`,
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
