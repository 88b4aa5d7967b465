import { env } from "@/lib/env";

/**
 * The caller's address for brute-force limits. Behind a trusted proxy (TRUST_PROXY=on) the first
 * X-Forwarded-For entry; otherwise the last one, the hop our own server added.
 */
export function clientIp(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  const ip = env.TRUST_PROXY ? hops[0] : hops.at(-1);
  return ip ?? headers.get("x-real-ip") ?? "unknown";
}
