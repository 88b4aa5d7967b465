import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";
import * as collection from "@/app/b/checkout/v1/pymt-txn/route";
import * as item from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as operation from "@/app/b/pbl/v2/operation/route";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, events, payWith } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// The README's five-minute tour and the API guide's checkout example (docs/api.md), run as pasted with bash and
// curl against the API served over HTTP: only the lines that say what to fill in (the key, the password, the
// address, the webhook receiver) get this test's values. The tour's browser step (paying on the sandbox's card
// page) is done here with the functions the card page itself calls, and its webhooks are sent by the delivery job's
// own function.

const ctx = testContext();
let base: string;
let key: string;
const PASSWORD = "readme-admin-password";
beforeAll(async () => {
  for (const [code, decimals] of [["KWD", 3], ["USD", 2]] as const) await addCurrency({ ctx, input: { code, decimals } });
  await createGatewaySetting({ ctx, input: { code: "sandbox", pg: "sandbox", currencies: ["KWD", "USD"], isSandbox: true } });
  await createAdminUser({ ctx, input: { username: "admin", password: PASSWORD, isSuperuser: true } });
  key = (await createApiKey({ ctx, input: { name: "readme" } })).key;
  // As the demo data does: a webhook signing key, so webhooks are signed.
  await updateSettings({ ctx, input: { webhookHmacKey: "readme-webhook-key" } });
  base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: collection },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: item },
    { path: "/b/pbl/v2/operation", module: operation },
  ]);
});

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The bash blocks of a file's section: from its heading to the next heading of the same level. */
function bashBlocksIn(file: string, heading: string): string[] {
  const text = read(file);
  const from = text.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`no ${heading} in ${file}`);
  const level = heading.split(" ")[0]!;
  const rest = text.slice(from + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, "m"));
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The first bash block after a heading. */
function bashBlockAfter(file: string, heading: string): string {
  const text = read(file);
  const from = text.indexOf(`\n${heading}\n`);
  const match = /```bash\n([\s\S]*?)```/.exec(text.slice(from));
  if (from < 0 || !match) throw new Error(`no bash block after ${heading} in ${file}`);
  return match[1]!;
}

const bash = async (script: string) => (await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script])).stdout;

it("the checkout API example creates, reads and updates a transaction, and creates one more with Basic auth", async () => {
  const script = bashBlockAfter("docs/api.md", "## Checkout API v1")
    .replace(/^KEY=.*$/m, `KEY=${key}`)
    .replace(/^PASSWORD=.*$/m, `PASSWORD=${PASSWORD}`)
    .replace(/^APP_URL=.*$/m, `APP_URL=${base}`);
  expect(script).toContain("SESSION_ID=$(curl");
  const stdout = await bash(`${script}\necho; echo "session=$SESSION_ID"`);
  const sessionId = /session=([0-9a-f]{40})$/m.exec(stdout)?.[1];
  expect(sessionId).toBeDefined();
  const rows = await ctx.db.selectFrom("transactions").select(["session_id", "amount", "currency_code", "created_by_user_id"]).orderBy("created_at").execute();
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ session_id: sessionId, amount: "90.500000", currency_code: "KWD", created_by_user_id: null });
  expect(rows[1]).toMatchObject({ amount: "12.500000", currency_code: "USD", created_by_user_id: expect.any(String) });
});

it("the README's five-minute tour creates a transaction, is paid on the sandbox, sends its webhook and refunds 20", async () => {
  const receiver = await startReceiver();
  const blocks = bashBlocksIn("README.md", "## A five-minute tour");
  expect(blocks).toHaveLength(3);
  const [create, read, refund] = blocks as [string, string, string];
  const fill = (script: string) =>
    script
      .replace(/^KEY=.*$/m, `KEY=${key}`)
      .replace(/^APP_URL=.*$/m, `APP_URL=${base}`)
      .replace(/^WEBHOOK_URL=.*$/m, `WEBHOOK_URL=${receiver.url}`);
  // The reader's shell keeps the first block's variables for the next ones.
  expect(create).toMatch(/^KEY=.*$/m);
  expect(create).toMatch(/^APP_URL=.*$/m);
  expect(create).toMatch(/^WEBHOOK_URL=.*$/m);
  const shell = (sessionId: string) => fill(`KEY=\nAPP_URL=\nSESSION_ID=${sessionId}\n`);

  // 1. Create: the block prints the checkout_url.
  const created = await bash(fill(create));
  const checkoutUrl = created.trim().split("\n").pop()!;
  const sessionId = /session_id=([0-9a-f]{40})$/.exec(checkoutUrl)?.[1];
  expect(sessionId).toBeDefined();
  expect(checkoutUrl).toBe(`${base}/b/checkout/redirect/start/?session_id=${sessionId}`);
  const row = await ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId!).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ state: "created", amount: "86.000000", currency_code: "KWD", order_no: "ORD-2001", webhook_url: receiver.url });

  // 2. Pay with the README's card on the sandbox (what the Pay button and the card page do), then read it back.
  await deliverReturn(ctx, (await payWith(ctx, sessionId!, CARDS.approve, { code: "sandbox" })).next);
  const paid = JSON.parse(await bash(shell(sessionId!) + read));
  expect(paid).toMatchObject({ session_id: sessionId, state: "paid", reference_number: expect.stringMatching(/^CK/) });
  expect(paid.attempts).toEqual([expect.objectContaining({ state: "success" })]);

  // 3. The webhook reaches the receiver.
  const sent = new Set<string>();
  const deliverWebhooks = async () => {
    for (const event of await events(ctx, sessionId!)) {
      for (const id of (await planEventEffects(ctx.db, event.event_id)).deliveryIds) {
        if (sent.has(id)) continue;
        sent.add(id);
        expect(await attemptDelivery({ ctx, input: { deliveryId: id, scheduleRetry: false } })).toEqual({ done: true });
      }
    }
  };
  await deliverWebhooks();
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0]!.headers).toHaveProperty("webhook-signature");
  expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
    session_id: sessionId, order_no: "ORD-2001", operation: "purchase", state: "paid", result: "success",
    amount: "86.000", currency_code: "KWD", paid_amount: "86.000", gateway_name: "sandbox", gateway_account: "sandbox", is_sandbox: true,
    signature: expect.stringMatching(/^[0-9a-f]{64}$/),
  });

  // 4. Refund 20: the answer as the README shows it, and a second webhook.
  const refunded = JSON.parse(await bash(shell(sessionId!) + refund));
  expect(refunded).toMatchObject({
    detail: "Success", operation: "refund", result: "success", amount: "20.000",
    txn: { state: "paid", refunded_amount: "20.000", remaining_amount: "66.000" },
  });
  await deliverWebhooks();
  expect(receiver.received).toHaveLength(2);
  expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({ session_id: sessionId, operation: "refund", result: "success", refunded_amount: "20.000" });
});
