import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/delivery/webhooks/public-address";

// Outgoing requests (webhooks, disclosure results) go only to global unicast addresses: every IPv4 special-purpose
// block is refused, IPv6 only inside 2000::/3 outside its special blocks, and an IPv6 form carrying an IPv4 address
// is judged by that address (or refused, for the tunnelling forms).

describe("isPublicAddress", () => {
  it.each([
    // IPv4 special-purpose blocks (IANA registry), multicast, reserved
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "127.255.255.255",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.1",
    "192.0.0.9",
    "192.0.0.170",
    "192.0.2.10",
    "192.31.196.1",
    "192.52.193.1",
    "192.88.99.1",
    "192.168.1.1",
    "192.175.48.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.7",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    // IPv6 outside global unicast
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "feff:ffff::1",
    "ff02::1",
    "100::1",
    "64:ff9b:1::a00:1",
    // IPv4-compatible (deprecated): refused whatever it carries
    "::7f00:1",
    "::127.0.0.1",
    "::10.0.0.1",
    "::93.184.216.34",
    // IPv4-mapped and NAT64 carrying a special-purpose IPv4 address
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:192.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b::192.168.0.1",
    "64:ff9b::0.0.0.0",
    // Special blocks inside 2000::/3
    "2001::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:2::1",
    "2001:10::1",
    "2001:20::1",
    "2001:1ff::1",
    "2001:db8::1",
    "2001:db8:ffff::1",
    "2002::1",
    "2002:7f00:1::1",
    "2002:a00:1::1",
    "2002:5db8:d822::1",
    "2620:4f:8000::1",
    "3fff::1",
    "3fff:fff::1",
    // Not addresses
    "example.com",
    "",
    "1.2.3",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "1.1.1.1",
    "8.8.8.8",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "192.0.1.1",
    "192.0.3.1",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.1",
    "223.255.255.254",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "2001:200::1",
    "2001:4860:4860::8888",
    "2003::1",
    "3ffe::1",
    "::ffff:93.184.216.34",
    "::ffff:5db8:d822",
    "64:ff9b::93.184.216.34",
    "64:ff9b::5db8:d822",
  ])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
