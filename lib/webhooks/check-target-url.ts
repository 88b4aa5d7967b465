import { lookup } from "node:dns/promises";
import net from "node:net";
import { env } from "@/lib/env";

const blocked = new net.BlockList();
for (const [net4, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  blocked.addSubnet(net4, bits, "ipv4");
}
// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are matched against the IPv4 rules by BlockList itself.
for (const [net6, bits] of [["::", 127], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) {
  blocked.addSubnet(net6, bits, "ipv6");
}

/**
 * Why a webhook target may not be called, or null when it may. In production, targets resolving to
 * loopback, private or link-local addresses are refused unless ALLOW_PRIVATE_URLS is on.
 */
export async function refuseTarget(url: string): Promise<string | null> {
  if (env.NODE_ENV !== "production" || env.ALLOW_PRIVATE_URLS) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) return `${host} does not resolve`;
  const bad = addresses.find((a) => blocked.check(a.address, a.family === 6 ? "ipv6" : "ipv4"));
  return bad ? `${host} resolves to a private or local address (${bad.address})` : null;
}
