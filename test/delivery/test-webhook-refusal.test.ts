import { beforeAll, describe, expect, it, vi } from "vitest";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { signedIn } from "../support/panel-forms";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// In production the settings page's test webhook refuses private and local targets, as real deliveries do.
vi.hoisted(() => {
  Object.assign(process.env, { NODE_ENV: "production", ALLOW_PRIVATE_URLS: "" });
});

const ctx = testContext();
let admin: UserCaller;
let sendTestWebhook: typeof import("@/lib/delivery/webhooks/send-test-webhook").sendTestWebhook;
beforeAll(async () => {
  ({ sendTestWebhook } = await import("@/lib/delivery/webhooks/send-test-webhook"));
  admin = await signedIn(ctx, { isSuperuser: true });
});

describe("the test webhook in production", () => {
  it("refuses a private address and sends nothing", async () => {
    const receiver = await startReceiver();
    const result = await sendTestWebhook({ ctx, input: { caller: admin, url: receiver.url } });
    expect(result).toMatchObject({ status: null, error: "Refused: 127.0.0.1 resolves to a private, local or reserved address (127.0.0.1)" });
    expect(receiver.received).toHaveLength(0);
  });
});
