import { describe, expect, it } from "vitest";
import { runScript } from "../support/run-script";

/** What the app's logger writes for an object (run in its own process, the way the app logs to stdout). */
async function logged(object: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await runScript("test/support/log-line.ts", [JSON.stringify(object)], { LOG_LEVEL: "info", NODE_ENV: "production" });
  expect(result).toMatchObject({ code: 0, stderr: "" });
  return JSON.parse(result.stdout);
}

describe("the logger", () => {
  it("censors secrets at the top level and one level down, and keeps everything else", async () => {
    const line = await logged({
      username: "admin",
      password: "hunter22",
      authorization: "Basic YWRtaW46aHVudGVyMjI=",
      key: "ck_secret",
      apiKey: "ck_secret",
      secret: "s3cret",
      token: "t0ken",
      webhook_hmac_key: "hmac-key-value",
      card_number: "4111111111111111",
      cvv: "123",
      input: { username: "admin", password: "hunter22", apiKey: "ck_secret" },
      req: { headers: { authorization: "Api-Key ck_secret", cookie: "session=abc", accept: "application/json" } },
      headers: { authorization: "Api-Key ck_secret", cookie: "session=abc" },
      card: { card_number: "4111111111111111", cvv: "123", brand: "visa" },
    });

    expect(line).toMatchObject({
      msg: "sample",
      service: "checkout",
      username: "admin",
      password: "[redacted]",
      authorization: "[redacted]",
      key: "[redacted]",
      apiKey: "[redacted]",
      secret: "[redacted]",
      token: "[redacted]",
      webhook_hmac_key: "[redacted]",
      card_number: "[redacted]",
      cvv: "[redacted]",
      input: { username: "admin", password: "[redacted]", apiKey: "[redacted]" },
      req: { headers: { authorization: "[redacted]", cookie: "[redacted]", accept: "application/json" } },
      headers: { authorization: "[redacted]", cookie: "[redacted]" },
      card: { card_number: "[redacted]", cvv: "[redacted]", brand: "visa" },
    });
    const text = JSON.stringify(line);
    for (const secret of ["hunter22", "ck_secret", "s3cret", "t0ken", "hmac-key-value", "4111111111111111", "YWRtaW46", "session=abc"]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("the log's format", () => {
  it("is JSON with an ISO 8601 time in production when stdout is not a terminal", async () => {
    const line = await logged({ port: 3000 });
    expect(line).toMatchObject({ level: 30, msg: "sample", port: 3000, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
  });

  it.each([
    ["in development", { NODE_ENV: "development" }],
    ["with LOG_FORMAT=pretty", { NODE_ENV: "production", LOG_FORMAT: "pretty" }],
  ])("is one readable line an entry %s, secrets still redacted", async (_when, extraEnv) => {
    const result = await runScript("test/support/log-line.ts", [JSON.stringify({ port: 3000, password: "hunter22" })], { LOG_LEVEL: "info", ...extraEnv });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: sample \{"port":3000,"password":"\[redacted\]"\}\n$/);
  });

  it("stays JSON in development with LOG_FORMAT=json", async () => {
    const result = await runScript("test/support/log-line.ts", [JSON.stringify({ port: 3000 })], { LOG_LEVEL: "info", NODE_ENV: "development", LOG_FORMAT: "json" });
    expect(JSON.parse(result.stdout)).toMatchObject({ msg: "sample", port: 3000 });
  });
});
