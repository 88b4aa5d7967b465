import net from "node:net";

// Which addresses an outgoing request (webhook, disclosure) may connect to in production: global unicast only.
// Everything else — loopback, private, link-local, shared, documentation, benchmarking, multicast, reserved, and
// the tunnelling and translation forms through which such an address can be reached — is refused.

/** Every block of IANA's IPv4 Special-Purpose Address Registry, plus multicast and the reserved 240/4. */
const SPECIAL_V4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // shared address space, carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, where cloud metadata services answer
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP and TURN anycast, …)
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112-v4
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // AS112 direct delegation
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, 255.255.255.255 (limited broadcast) included
];

/**
 * IPv6 is allowed only inside global unicast, 2000::/3 (so never ::, ::1, the IPv4-compatible ::a.b.c.d, fc00::/7,
 * fe80::/10, the deprecated site-local fec0::/10, ff00::/8, 100::/64, 64:ff9b:1::/48 …), and there not in these
 * blocks of IANA's IPv6 Special-Purpose Address Registry.
 */
const SPECIAL_V6: readonly (readonly [string, number])[] = [
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32 (an IPv4 address inside), benchmarking, ORCHID, AMT, AS112, …
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside, reached through a relay
  ["2620:4f:8000::", 48], // AS112 direct delegation
  ["3fff::", 20], // documentation (RFC 9637)
];

const specialV4 = new net.BlockList();
for (const [address, bits] of SPECIAL_V4) specialV4.addSubnet(address, bits, "ipv4");
const specialV6 = new net.BlockList();
for (const [address, bits] of SPECIAL_V6) specialV6.addSubnet(address, bits, "ipv6");

/** An IPv6 address (as net.isIPv6 accepts it, zone removed) as its eight 16-bit groups. */
function groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const before = head ? head.split(":") : [];
  if (tail === undefined) return before.map((g) => parseInt(g, 16));
  const after = tail ? tail.split(":") : [];
  return [...before, ...Array<string>(8 - before.length - after.length).fill("0"), ...after].map((g) => parseInt(g, 16));
}

const v4Public = (address: string) => !specialV4.check(address, "ipv4");

/**
 * Whether `address` (an IP address literal) is a global unicast address that a request to a merchant's server may
 * go to. An IPv6 form that carries an IPv4 address to the IPv4 host itself — IPv4-mapped `::ffff:a.b.c.d`, NAT64's
 * well-known prefix `64:ff9b::a.b.c.d` (what DNS64 answers on an IPv6-only network) — is judged by that IPv4
 * address; the tunnelling forms (IPv4-compatible, 6to4, Teredo) are refused whatever they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return v4Public(address);
  // A zone (fe80::1%eth0) only goes with link-local and multicast addresses.
  if (!net.isIPv6(address) || address.includes("%")) return false;
  const g = groups(address);
  if (g.length !== 8 || g.some((n) => !Number.isInteger(n) || n < 0 || n > 0xffff)) return false;
  const embedded = () => `${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`;
  const zeroes = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  if (zeroes(0, 5) && g[5] === 0xffff) return v4Public(embedded());
  if (g[0] === 0x64 && g[1] === 0xff9b && zeroes(2, 6)) return v4Public(embedded());
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  return !specialV6.check(address, "ipv6");
}
