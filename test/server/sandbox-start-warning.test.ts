import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/core/env";
import { currentSandboxWarning, sandboxWarning } from "@/lib/gateways/sandbox-warning";
import { spawnForTest } from "../support/child-processes";
import { createGateway } from "../support/factories";
import { testContext } from "../support/test-context";

// The start log's warning about sandbox gateways enabled on a public (https) APP_URL: the rule, the database's
// gateways, and `npm run worker` saying it (server/serve.ts says it the same way, with its start lines).

const ctx = testContext();

describe("sandboxWarning", () => {
  it("warns on an https APP_URL with sandbox gateways enabled, naming them", () => {
    expect(sandboxWarning("https://pay.example.com", ["sandbox", "sandbox-auth"])).toMatch(
      /^2 sandbox gateway settings are enabled: sandbox, sandbox-auth, on the public address https:\/\/pay\.example\.com\. A payment with a test card/,
    );
    expect(sandboxWarning("https://pay.example.com", ["sandbox"])).toMatch(/^1 sandbox gateway setting is enabled: sandbox, on/);
  });

  it("says nothing without sandbox gateways, or on an http APP_URL", () => {
    expect(sandboxWarning("https://pay.example.com", [])).toBeNull();
    expect(sandboxWarning("http://localhost:3000", ["sandbox"])).toBeNull();
    expect(sandboxWarning("http://127.0.0.1:3230", ["sandbox"])).toBeNull();
  });
});

describe("the start log", () => {
  it("reads the enabled sandbox gateways from the database", async () => {
    expect(await currentSandboxWarning({ ctx, input: { appUrl: "https://pay.example.com" } })).toBeNull();
    await createGateway(ctx, { code: "test-card", currencies: ["KWD"] });
    await createGateway(ctx, { code: "live", currencies: ["KWD"], isSandbox: false });
    await createGateway(ctx, { code: "old-test", currencies: ["KWD"] });
    await ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "=", "old-test").execute();
    expect(await currentSandboxWarning({ ctx, input: { appUrl: "https://pay.example.com" } })).toMatch(/^1 sandbox gateway setting is enabled: test-card, on/);
    expect(await currentSandboxWarning({ ctx, input: { appUrl: "http://localhost:3000" } })).toBeNull();
  });

  it("of `npm run worker` on an https APP_URL warns about them", async () => {
    await createGateway(ctx, { code: "worker-card", currencies: ["KWD"] });
    const child = spawnForTest(process.execPath, ["--import", "tsx", "server/worker.ts"], {
      env: { ...process.env, DATABASE_URL: env.DATABASE_URL!, APP_URL: "https://pay.example.com", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, "exit");
    await expect.poll(() => output, { timeout: 30_000 }).toContain("worker started");
    child.kill("SIGTERM");
    await exited;
    const line = output.split("\n").find((l) => l.includes("sandbox gateway setting"));
    expect(line, output).toBeDefined();
    const entry = JSON.parse(line!) as { level: number; msg: string; appUrl: string };
    expect(entry).toMatchObject({ level: 40, appUrl: "https://pay.example.com" });
    expect(entry.msg).toMatch(/^2 sandbox gateway settings are enabled: test-card, worker-card, on the public address https:\/\/pay\.example\.com/);
  }, 60_000);
});
