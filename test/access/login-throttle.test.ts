import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/access/auth/authenticate";
import { throttleAddress } from "@/lib/access/auth/login-throttle";
import { env } from "@/lib/core/env";
import { TooManyRequests, Unauthorized } from "@/lib/core/errors";
import { basicAuth, createUser } from "../support/factories";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

const ctx = testContext();
const basic = (username: string, password: string, ip: string) =>
  authenticate({ ctx, input: { authorization: basicAuth(username, password), ip } });

async function failTimes(times: number, username: string, ip: string) {
  for (let i = 0; i < times; i++) {
    expect(await refusal(basic(username, "wrong-password", ip))).toBeInstanceOf(Unauthorized);
  }
}

describe("brute-force protection of passwords", () => {
  it("blocks an address and username after LOGIN_MAX_FAILURES wrong passwords, even with the right one", async () => {
    const user = await createUser(ctx);
    await failTimes(env.LOGIN_MAX_FAILURES, user.username, "198.51.100.1");

    const error = await refusal(basic(user.username, user.password, "198.51.100.1"));
    expect(error).toBeInstanceOf(TooManyRequests);
    const { retryAfterSeconds } = error as TooManyRequests;
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(env.LOGIN_BLOCK_SECONDS);
    expect(error.message).toBe(`Too many failed attempts. Try again in ${retryAfterSeconds} seconds.`);
  });

  it("counts the username case-insensitively, so changing case does not buy more attempts", async () => {
    const user = await createUser(ctx, { username: "mixed.case" });
    await failTimes(env.LOGIN_MAX_FAILURES, "MIXED.case", "198.51.100.2");
    expect(await refusal(basic(user.username, user.password, "198.51.100.2"))).toBeInstanceOf(TooManyRequests);
  });

  it("leaves another username from another address alone", async () => {
    const target = await createUser(ctx);
    const bystander = await createUser(ctx);
    await failTimes(env.LOGIN_MAX_FAILURES, target.username, "198.51.100.3");

    await expect(basic(bystander.username, bystander.password, "198.51.100.4")).resolves.toMatchObject({
      username: bystander.username,
    });
  });

  it("forgets an address's failures after a successful sign-in", async () => {
    const user = await createUser(ctx);
    await failTimes(env.LOGIN_MAX_FAILURES - 1, user.username, "198.51.100.5");
    await expect(basic(user.username, user.password, "198.51.100.5")).resolves.toMatchObject({ id: user.id });
    await failTimes(env.LOGIN_MAX_FAILURES - 1, user.username, "198.51.100.5");
    await expect(basic(user.username, user.password, "198.51.100.5")).resolves.toMatchObject({ id: user.id });
  });

  // Fifty-odd password hashes one after another: more time than the default allows on a busy machine.
  it("does not lock the owner out when their username is guessed at from many addresses", { timeout: 120_000 }, async () => {
    const owner = await createUser(ctx);
    // More wrong passwords than the old per-username budget (5 × LOGIN_MAX_FAILURES), spread over addresses.
    const guesses = env.LOGIN_MAX_FAILURES * 5 + 1;
    for (let i = 1; i <= guesses; i++) {
      expect(await refusal(basic(owner.username, "wrong-password", `10.0.${Math.ceil(i / 2)}.${i % 2}`))).toBeInstanceOf(Unauthorized);
    }
    // The integration, from its own address, with the right password.
    await expect(basic(owner.username, owner.password, "192.0.2.200")).resolves.toMatchObject({ id: owner.id });
  });

  it("does not lock the owner out when one address has used up its attempts on their username", async () => {
    const owner = await createUser(ctx);
    await failTimes(env.LOGIN_MAX_FAILURES, owner.username, "203.0.113.66");
    expect(await refusal(basic(owner.username, owner.password, "203.0.113.66"))).toBeInstanceOf(TooManyRequests);
    await expect(basic(owner.username, owner.password, "192.0.2.201")).resolves.toMatchObject({ id: owner.id });
  });

  it("stops an address that guesses at many usernames, for every username", { timeout: 120_000 }, async () => {
    const bystander = await createUser(ctx);
    for (let i = 0; i < env.LOGIN_MAX_FAILURES * 5; i++) {
      expect(await refusal(basic(`nobody-${i}`, "wrong-password", "203.0.113.77"))).toBeInstanceOf(Unauthorized);
    }
    expect(await refusal(basic(bystander.username, bystander.password, "203.0.113.77"))).toBeInstanceOf(TooManyRequests);
    await expect(basic(bystander.username, bystander.password, "203.0.113.78")).resolves.toMatchObject({ id: bystander.id });
  });

  it("counts an IPv6 client by its /64, so hopping addresses inside it buys no attempts", async () => {
    const user = await createUser(ctx);
    for (let i = 1; i <= env.LOGIN_MAX_FAILURES; i++) {
      expect(await refusal(basic(user.username, "wrong-password", `2001:db8:1:2::${i.toString(16)}`))).toBeInstanceOf(Unauthorized);
    }
    expect(await refusal(basic(user.username, user.password, "2001:db8:1:2:ffff:0:0:1"))).toBeInstanceOf(TooManyRequests);
    await expect(basic(user.username, user.password, "2001:db8:1:3::1")).resolves.toMatchObject({ id: user.id });
  });
});

describe("the throttle's key for an address", () => {
  it("is an IPv4 address as it is, an IPv6 address's /64", () => {
    expect(throttleAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(throttleAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(throttleAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddress("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(throttleAddress("unknown")).toBe("unknown");
  });
});
