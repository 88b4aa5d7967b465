import { RateLimiterMemory } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { TooManyRequests } from "@/lib/errors";

// Brute-force protection for passwords (panel sign-in and Basic auth). Failures are counted per
// address+username, per address and per username; past a budget that key is refused for a while. The
// username-wide budget holds even against a caller who forges X-Forwarded-For to look like many addresses.
const budget = env.LOGIN_MAX_FAILURES;
const limiters = [
  { limiter: new RateLimiterMemory({ points: budget, duration: env.LOGIN_BLOCK_SECONDS }), key: (ip: string, u: string) => `${ip}|${u}` },
  { limiter: new RateLimiterMemory({ points: budget * 5, duration: env.LOGIN_BLOCK_SECONDS }), key: (ip: string) => ip },
  { limiter: new RateLimiterMemory({ points: budget * 5, duration: env.LOGIN_BLOCK_SECONDS }), key: (_: string, u: string) => u },
];

export async function assertLoginAllowed(ip: string, username: string): Promise<void> {
  const user = username.toLowerCase();
  const states = await Promise.all(
    limiters.map(async ({ limiter, key }) => ({ res: await limiter.get(key(ip, user)), points: limiter.points })),
  );
  const waits = states.filter(({ res, points }) => res && res.consumedPoints >= points).map(({ res }) => res!.msBeforeNext);
  if (waits.length > 0) throw new TooManyRequests(Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
}

export async function recordLoginFailure(ip: string, username: string): Promise<void> {
  const user = username.toLowerCase();
  // consume() rejects once a budget is spent; the next assertLoginAllowed reports the block.
  await Promise.allSettled(limiters.map(({ limiter, key }) => limiter.consume(key(ip, user))));
}

export async function recordLoginSuccess(ip: string, username: string): Promise<void> {
  const { limiter, key } = limiters[0]!;
  await limiter.delete(key(ip, username.toLowerCase()));
}
