/**
 * The caller's address, for brute-force limits and the legacy allow-list: the last X-Forwarded-For entry. Our
 * web server (server/web-server.ts) sets that header from the socket, or keeps a trusted proxy's (TRUST_PROXY),
 * whose last entry is the address the proxy saw; see lib/http/forwarded-for.ts.
 */
export function clientIp(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  return hops.at(-1) ?? "unknown";
}
