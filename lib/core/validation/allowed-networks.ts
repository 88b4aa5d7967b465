import net from "node:net";
import { z } from "zod";

// The admin setting that lets old shop plugins (which send no credentials) call the legacy /pos/ paths from
// known addresses: IPv4 and IPv6 addresses or CIDR networks, matched with node's BlockList.

export const NETWORK_EXAMPLE = "203.0.113.0/24 or 2001:db8::/32";

/** "10.0.0.0/8", "2001:DB8::/32" or a single address (a /32 or /128), written back as "address/prefix". */
function normalizeNetwork(text: string): string | null {
  const [address = "", prefix, ...rest] = text.trim().split("/");
  const family = net.isIP(address);
  // A zone index (fe80::1%eth0) names an interface of one machine, not a network.
  if (family === 0 || rest.length > 0 || address.includes("%")) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)) return null;
  return `${address.toLowerCase()}/${prefix === undefined ? bits : Number(prefix)}`;
}

/** One entry of the setting: any text in, "address/prefix" out. */
export const networkSchema = z.string({ error: "Enter addresses as text." }).transform((value, ctx) => {
  const network = normalizeNetwork(value);
  if (network) return network;
  ctx.addIssue({ code: "custom", message: `"${value.trim()}" is not an IPv4 or IPv6 address or CIDR network (for example ${NETWORK_EXAMPLE}).` });
  return z.NEVER;
});

export const allowedNetworksSchema = z
  .array(networkSchema)
  .max(100, "Give at most 100 addresses or networks.")
  .transform((networks) => [...new Set(networks)]);

/** Splits what an administrator types (commas, spaces or new lines between entries). */
export const splitNetworks = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * Whether the client address is in one of the networks. An IPv4 client seen as IPv4-mapped IPv6 (::ffff:a.b.c.d)
 * matches the IPv4 networks (BlockList does that itself); an address we could not determine matches nothing.
 */
export function isAllowedAddress(networks: readonly string[], ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0 || networks.length === 0) return false;
  const list = new net.BlockList();
  for (const network of networks) {
    const [address, prefix] = network.split("/");
    list.addSubnet(address!, Number(prefix), net.isIP(address!) === 4 ? "ipv4" : "ipv6");
  }
  return list.check(ip, family === 4 ? "ipv4" : "ipv6");
}
