import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/authenticate";
import { env } from "@/lib/env";
import { TooManyRequests, Unauthorized } from "@/lib/errors";
import { basicAuth, createUser } from "./support/factories";
import { refusal } from "./support/refusal";
import { testContext } from "./support/test-context";

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

  // Fifty password hashes one after another: more time than the default allows on a busy machine.
  it("still blocks a username attacked from many forged addresses", { timeout: 120_000 }, async () => {
    const user = await createUser(ctx);
    const budget = env.LOGIN_MAX_FAILURES * 5;
    for (let i = 1; i <= budget; i++) {
      expect(await refusal(basic(user.username, "wrong-password", `10.0.0.${i}`))).toBeInstanceOf(Unauthorized);
    }
    expect(await refusal(basic(user.username, user.password, "192.0.2.200"))).toBeInstanceOf(TooManyRequests);
  });
});
