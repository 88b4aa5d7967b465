/**
 * The X-Forwarded-For our web server hands to Next.js, which only fills the header in when it is missing. A
 * client can send any value, so without a trusted proxy its claim is replaced by the socket's address. Behind
 * one (TRUST_PROXY) the proxy's header is kept: its last entry is the address the proxy itself saw.
 */
export function forwardedFor(sent: string | string[] | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  const claimed = (Array.isArray(sent) ? sent.join(",") : sent ?? "").trim();
  if (trustProxy && claimed) return claimed;
  return socketAddress ?? "unknown";
}
