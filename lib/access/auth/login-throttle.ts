import { isIPv6 } from "node:net";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/core/env";
import { TooManyRequests } from "@/lib/core/errors";
import { logger } from "@/lib/core/log/logger";

// Brute-force protection for passwords (panel sign-in and Basic auth). Every refusal is tied to the address the
// guesses come from, never to the account alone: a correct password from an address that has not itself been
// guessing is always checked, so nobody can lock an administrator (or a Basic-auth integration) out by typing
// wrong passwords for their username somewhere else. Budgets, per LOGIN_BLOCK_SECONDS window:
// - address + username: LOGIN_MAX_FAILURES (the guesser at one address, on one account);
// - address: 5 × LOGIN_MAX_FAILURES over all usernames (one address spraying many accounts).
// Past one, that key gets 429 with Retry-After until its window ends. IPv6 addresses count by their /64 (a single
// host usually holds a whole /64). Guesses at one username from many addresses are not refused (that would be
// the lockout); they are logged as a warning once they pass 5 × LOGIN_MAX_FAILURES in a window.
const budget = env.LOGIN_MAX_FAILURES;
const windowSeconds = env.LOGIN_BLOCK_SECONDS;
const limiters = [
  { limiter: new RateLimiterMemory({ points: budget, duration: windowSeconds }), key: (address: string, user: string) => `${address}|${user}` },
  { limiter: new RateLimiterMemory({ points: budget * 5, duration: windowSeconds }), key: (address: string) => address },
];
/** Counts only, to tell the operator about a username guessed at from many addresses; refuses nobody. */
const perUsername = new RateLimiterMemory({ points: budget * 5, duration: windowSeconds });

export async function assertLoginAllowed(ip: string, username: string): Promise<void> {
  const [address, user] = [throttleAddress(ip), username.toLowerCase()];
  const states = await Promise.all(
    limiters.map(async ({ limiter, key }) => ({ res: await limiter.get(key(address, user)), points: limiter.points })),
  );
  const waits = states.filter(({ res, points }) => res && res.consumedPoints >= points).map(({ res }) => res!.msBeforeNext);
  if (waits.length > 0) throw new TooManyRequests(Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
}

export async function recordLoginFailure(ip: string, username: string): Promise<void> {
  const [address, user] = [throttleAddress(ip), username.toLowerCase()];
  // consume() rejects once a budget is spent; the next assertLoginAllowed reports the block.
  await Promise.allSettled(limiters.map(({ limiter, key }) => limiter.consume(key(address, user))));
  const count = await perUsername.consume(user).catch((res: RateLimiterRes) => res);
  if (count.consumedPoints === perUsername.points + 1) {
    logger.warn(
      { username: user, failures: count.consumedPoints, windowSeconds },
      "many wrong passwords for one username from several addresses; each address is throttled, the account is not locked",
    );
  }
}

export async function recordLoginSuccess(ip: string, username: string): Promise<void> {
  const { limiter, key } = limiters[0]!;
  await limiter.delete(key(throttleAddress(ip), username.toLowerCase()));
}

/** The throttle's key for a client address: an IPv4 one as it is (also when IPv4-mapped), an IPv6 one's /64. */
export function throttleAddress(ip: string): string {
  const address = ip.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return ip;
  // Groups of an IPv6 address; an IPv4 tail ("::1.2.3.4") takes the place of two.
  const groups = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const [head = "", tail] = address.split("::");
  const full = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill("0"), ...groups(tail)];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}
