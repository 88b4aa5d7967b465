import { lookup } from "node:dns";
import { lookup as lookupAll } from "node:dns/promises";
import net, { type LookupFunction } from "node:net";
import { Agent } from "undici";
import { env } from "@/lib/core/env";
import { isPublicAddress } from "./public-address";

// In production, targets on anything but a global unicast address (lib/delivery/webhooks/public-address.ts) are refused
// unless ALLOW_PRIVATE_URLS is on.
const guarded = () => env.NODE_ENV === "production" && !env.ALLOW_PRIVATE_URLS;

const firstBlocked = (addresses: { address: string }[]) => addresses.find((a) => !isPublicAddress(a.address));

/** Why a webhook target may not be called, or null when it may (checked before trying, for a clear reason). */
export async function refuseTarget(url: string): Promise<string | null> {
  if (!guarded()) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookupAll(host, { all: true }).catch(() => []);
  if (addresses.length === 0) return `DNS failure: ${host} does not resolve.`;
  const bad = firstBlocked(addresses);
  return bad ? `Refused: ${host} resolves to a private, local or reserved address (${bad.address})` : null;
}

/**
 * The name lookup of the connection itself, refusing what refuseTarget refuses: the address connected to is the
 * one checked, so a name that resolves differently a moment later (DNS rebinding) cannot reach a private host.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const bad = guarded() ? firstBlocked(addresses) : undefined;
    if (bad) return callback(new Error(`${hostname} resolves to a private, local or reserved address (${bad.address})`), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Connections for webhook deliveries, resolved through publicOnlyLookup. */
export const webhookAgent = new Agent({ connect: { lookup: publicOnlyLookup } });
