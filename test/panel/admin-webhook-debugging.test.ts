import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { Forbidden, NotFound } from "@/lib/core/errors";
import { revealWebhookKey } from "@/lib/config/settings/reveal-webhook-key";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { getDelivery } from "@/lib/delivery/webhooks/get-delivery";
import { listFailingDeliveries } from "@/lib/delivery/webhooks/list-failing-deliveries";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { retryDeliveriesForm } from "@/lib/panel/admin/retry-deliveries-form";
import { revealWebhookKeyForm } from "@/lib/panel/admin/reveal-webhook-key-form";
import { sendTestWebhookForm } from "@/lib/panel/admin/send-test-webhook-form";
import { createGateway, createUser } from "../support/factories";
import { auditEntries, formData, signedIn } from "../support/panel-forms";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// Debugging webhooks from the panel: deliveries numbered within their transaction, any one of them resent,
// a delivery's own page only for those who may see its transaction, a signed test webhook from Settings, and
// the signing key shown to a superuser who types their password again.

const ctx = testContext();
const KEY = "debugging-key-0123456789abcdef";
const PASSWORD = "the-right-password-1";
let apiKey: Caller;
let superuser: UserCaller;
let clerk: UserCaller; // gateway "other" only
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  apiKey = await setUpPayments(ctx);
  await createGateway(ctx, { code: "other", currencies: ["KWD"] });
  await updateSettings({ ctx, input: { webhookHmacKey: KEY } });
  superuser = await signedIn(ctx, { isSuperuser: true, password: PASSWORD });
  clerk = await signedIn(ctx, { gatewayCodes: ["other"], permissions: ["create"] });
  receiver = await startReceiver();
});

/** A transaction declined once then paid: two events, two deliveries, each tried once. */
async function declinedThenPaid(): Promise<{ sessionId: string; deliveryIds: string[] }> {
  const sessionId = await newTransaction(ctx, apiKey, { webhook_url: receiver.url });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.decline)).next);
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  const deliveryIds: string[] = [];
  for (const event of (await events(ctx, sessionId)).filter((e) => e.to_state === "attempted" || e.to_state === "paid")) {
    for (const id of (await planEventEffects(ctx.db, event.event_id)).deliveryIds) {
      await attemptDelivery({ ctx, input: { deliveryId: id, scheduleRetry: false } });
      deliveryIds.push(id);
    }
  }
  return { sessionId, deliveryIds };
}

describe("deliveries", () => {
  it("are numbered within their transaction, not by their global id", async () => {
    await declinedThenPaid(); // an earlier transaction's deliveries take the low ids
    const { sessionId, deliveryIds } = await declinedThenPaid();
    const detail = await loadTransactionDetail({ ctx, input: { caller: superuser, sessionId } });
    expect(detail.deliveries.map((d) => [d.id, d.number, d.event_state])).toEqual([
      [deliveryIds[0], 1, "attempted"],
      [deliveryIds[1], 2, "paid"],
    ]);
    expect(Number(deliveryIds[0])).toBeGreaterThan(2);
    const tries = detail.deliveries[1]!.tries;
    expect(tries).toMatchObject([{ attempt_no: 1, status_code: 200, response_excerpt: "ok", error: null }]);
    expect(tries[0]!.request_headers!["webhook-signature"]).toMatch(/^v1,.{6}…$/);
    expect(detail.deliveries[1]!.payload).toMatchObject({ session_id: sessionId, state: "paid" });
  });

  it("have a page of their own, for those who may see the transaction only", async () => {
    const { sessionId, deliveryIds } = await declinedThenPaid();
    const found = await getDelivery({ ctx, input: { caller: superuser, id: deliveryIds[1]! } });
    expect(found).toMatchObject({ session_id: sessionId, pg_codes: ["card"], delivery: { number: 2, event_state: "paid", state: "delivered" } });
    await expect(getDelivery({ ctx, input: { caller: clerk, id: deliveryIds[1]! } })).rejects.toBeInstanceOf(NotFound);
    await expect(getDelivery({ ctx, input: { caller: superuser, id: "1 OR 1=1" } })).rejects.toBeInstanceOf(NotFound);
  });

  it("carry their number in the failing deliveries' list", async () => {
    const down = await startReceiver(() => 410);
    const sessionId = await newTransaction(ctx, apiKey, { webhook_url: down.url });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const [id] = (await planEventEffects(ctx.db, paid.event_id)).deliveryIds;
    await attemptDelivery({ ctx, input: { deliveryId: id!, scheduleRetry: false } });
    const row = (await listFailingDeliveries({ ctx, input: { caller: superuser } })).find((d) => d.id === id);
    expect(row).toMatchObject({ number: 1, session_id: sessionId, last_status: 410 });
  });

  it("resend any chosen event, not only the newest: the same body under the same webhook-id, audited", async () => {
    const { sessionId, deliveryIds } = await declinedThenPaid();
    const before = receiver.received.length;
    const state = await retryDeliveriesForm({ ctx, input: { caller: superuser, form: formData({ only: deliveryIds[0]! }) } });
    expect(state).toEqual({ message: "1 delivery queued: tried again now.", error: null });
    const { rows } = await sql<{ key: string }>`SELECT key FROM graphile_worker._private_jobs WHERE key = ${`webhook:${deliveryIds[0]}`}`.execute(ctx.db);
    expect(rows).toHaveLength(1);
    await attemptDelivery({ ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } });
    const resent = receiver.received.slice(before);
    expect(resent).toHaveLength(1);
    expect(JSON.parse(resent[0]!.body)).toMatchObject({ session_id: sessionId, state: "attempted", result: "failed" });
    const first = (await loadTransactionDetail({ ctx, input: { caller: superuser, sessionId } })).deliveries[0]!;
    expect(resent[0]!.headers["webhook-id"]).toBe(first.event_id);
    expect(first.tries.map((t) => t.attempt_no)).toEqual([1, 2]);
    expect((await auditEntries(ctx)).at(-1)).toMatchObject({ action: "webhook.retry", entity_id: deliveryIds[0], actor: superuser.username });
  });
});

describe("the test webhook", () => {
  it("posts a signed sample to the URL and answers with the receiver's reply; audited", async () => {
    const target = await startReceiver(() => 202);
    const state = await sendTestWebhookForm({ ctx, input: { caller: superuser, form: formData({ url: target.url }) } });
    expect(state.error).toBeNull();
    expect(state.result).toMatchObject({ url: target.url, status: 202, excerpt: "nope", error: null });
    const hit = target.received[0]!;
    expect(hit.body).toBe(state.result!.body);
    expect(JSON.parse(hit.body)).toMatchObject({ test: true, order_no: "TEST-WEBHOOK", signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // A Standard Webhooks receiver holding the key accepts it.
    expect(() => new Webhook(Buffer.from(KEY).toString("base64")).verify(hit.body, hit.headers as Record<string, string>)).not.toThrow();
    expect(state.result!.sentHeaders["webhook-signature"]).toMatch(/^v1,.{6}…$/);
    expect((await auditEntries(ctx)).at(-1)).toMatchObject({
      action: "settings.webhook_test",
      actor: superuser.username,
      after: { url: target.url, status: 202, error: null },
    });
  });

  it("says why in words when nothing answered, and refuses what is not a URL", async () => {
    const state = await sendTestWebhookForm({ ctx, input: { caller: superuser, form: formData({ url: "http://nonexistent.invalid/hook" }) } });
    expect(state.result).toMatchObject({ status: null, error: expect.stringMatching(/^DNS failure/) });
    expect(await sendTestWebhookForm({ ctx, input: { caller: superuser, form: formData({ url: "ftp://x" }) } })).toEqual({
      url: "ftp://x",
      result: null,
      error: "Enter an absolute http(s) URL, e.g. https://shop.example/webhooks.",
    });
  });

  it("is for superusers only", async () => {
    await expect(sendTestWebhookForm({ ctx, input: { caller: clerk, form: formData({ url: receiver.url }) } })).rejects.toBeInstanceOf(Forbidden);
  });
});

describe("revealing the webhook key", () => {
  const reveal = (caller: UserCaller, password: string, ip = "203.0.113.7") =>
    revealWebhookKeyForm({ ctx, input: { caller, form: formData({ password }), ip } });

  it("shows the key after the right password, audited without it", async () => {
    expect(await reveal(superuser, PASSWORD)).toEqual({ key: KEY, error: null });
    const entry = (await auditEntries(ctx)).at(-1)!;
    expect(entry).toMatchObject({ action: "settings.webhook_key.reveal", entity: "settings", actor: superuser.username });
    expect(JSON.stringify(entry)).not.toContain(KEY);
  });

  it("refuses a wrong or missing password in words, and is throttled like sign-in", async () => {
    const audits = (await auditEntries(ctx)).length;
    expect(await reveal(superuser, "wrong")).toEqual({ key: null, error: "Wrong password: the key stays hidden." });
    expect(await reveal(superuser, "")).toEqual({ key: null, error: "Type your password to show the key." });
    expect(await auditEntries(ctx)).toHaveLength(audits);
    // Past the sign-in budget for this address and user, even the right password waits.
    for (let i = 0; i < 12; i++) await reveal(superuser, "wrong", "198.51.100.9");
    expect((await reveal(superuser, PASSWORD, "198.51.100.9")).error).toMatch(/^Too many failed attempts\. Try again in \d+ seconds\.$/);
  });

  it("is refused to a user who is not a superuser", async () => {
    const clerkUser = await createUser(ctx, { password: "clerk-password-1", gatewayCodes: ["other"] });
    const caller = { ...clerk, id: clerkUser.id, username: clerkUser.username };
    await expect(revealWebhookKey({ ctx, input: { caller, password: "clerk-password-1", ip: "203.0.113.8" } })).rejects.toBeInstanceOf(Forbidden);
  });
});
