import { lookup } from "node:dns";
import { lookup as lookupAll } from "node:dns/promises";
import net, { type LookupFunction } from "node:net";
import { Agent } from "undici";
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

// In production, targets on loopback, private or link-local addresses are refused unless ALLOW_PRIVATE_URLS is on.
const guarded = () => env.NODE_ENV === "production" && !env.ALLOW_PRIVATE_URLS;

const firstBlocked = (addresses: { address: string; family: number }[]) =>
  addresses.find((a) => blocked.check(a.address, a.family === 6 ? "ipv6" : "ipv4"));

/** Why a webhook target may not be called, or null when it may (checked before trying, for a clear reason). */
export async function refuseTarget(url: string): Promise<string | null> {
  if (!guarded()) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookupAll(host, { all: true }).catch(() => []);
  if (addresses.length === 0) return `${host} does not resolve`;
  const bad = firstBlocked(addresses);
  return bad ? `${host} resolves to a private or local address (${bad.address})` : null;
}

/**
 * The name lookup of the connection itself, refusing what refuseTarget refuses: the address connected to is the
 * one checked, so a name that resolves differently a moment later (DNS rebinding) cannot reach a private host.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const bad = guarded() ? firstBlocked(addresses) : undefined;
    if (bad) return callback(new Error(`${hostname} resolves to a private or local address (${bad.address})`), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Connections for webhook deliveries, resolved through publicOnlyLookup. */
export const webhookAgent = new Agent({ connect: { lookup: publicOnlyLookup } });
