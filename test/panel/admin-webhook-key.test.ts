import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { rotateWebhookKeyForm } from "@/lib/panel/admin/rotate-webhook-key-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { Forbidden } from "@/lib/core/errors";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { readSettings } from "@/lib/config/settings/read-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { createUser } from "../support/factories";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { type Received, startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// Generating and rotating the webhook HMAC key from the settings page: the key is in the form's answer once and
// nowhere else; during the chosen grace period every webhook carries the old key's Standard Webhooks signature
// beside the new one's, and after it the new one's only. Superusers only; audited with the keys masked.

const ctx = testContext();
let payer: Caller;
let admin: UserCaller;
beforeAll(async () => {
  payer = await setUpPayments(ctx);
  admin = adminCaller(await createUser(ctx, { isSuperuser: true }));
});

const rotate = (grace: string, caller: UserCaller = admin) => {
  const form = new FormData();
  form.set("grace", grace);
  return rotateWebhookKeyForm({ ctx, input: { caller, form } });
};
const keys = () =>
  ctx.db
    .selectFrom("settings")
    .select(["webhook_hmac_key", "webhook_hmac_previous_key", "webhook_hmac_previous_until", "webhook_hmac_key_rotated_at"])
    .executeTakeFirstOrThrow();
const audits = () => ctx.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

/** A paid transaction's result webhook, delivered once to a fresh receiver; what the receiver got. */
async function deliverOne(): Promise<Received> {
  const receiver = await startReceiver();
  const sessionId = await newTransaction(ctx, payer, { webhook_url: receiver.url });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
  const { deliveryIds } = await planEventEffects(ctx.db, paid.event_id);
  await attemptDelivery({ ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } });
  return receiver.received[0]!;
}

/** Whether a Standard Webhooks receiver holding `key` (as base64 of its bytes, as docs/webhooks.md says) accepts it. */
const verifies = (key: string, hit: Received) => {
  try {
    new Webhook(Buffer.from(key, "utf8").toString("base64")).verify(hit.body, hit.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

describe("the webhook key", () => {
  it("is generated when none is set, shown in the answer only, and audited masked", async () => {
    const state = await rotate("24h");
    expect(state).toEqual({ key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), message: "Webhook key generated.", error: null, grace: "24h" });
    const stored = await keys();
    expect(stored).toMatchObject({ webhook_hmac_key: state.key, webhook_hmac_previous_key: null, webhook_hmac_previous_until: null });
    expect(stored.webhook_hmac_key_rotated_at).toBeInstanceOf(Date);

    const view = await readSettings({ ctx });
    expect(view).toMatchObject({ webhook_hmac_key_set: true, webhook_hmac_key_rotated_at: stored.webhook_hmac_key_rotated_at });
    expect(JSON.stringify(view)).not.toContain(state.key);

    const entry = (await audits()).at(-1)!;
    expect(entry).toMatchObject({ action: "settings.webhook_key.generate", entity: "settings", actor: admin.username });
    expect(entry.before).toEqual({ webhook_hmac_key: null, rotated_at: null });
    expect(entry.after).toMatchObject({ webhook_hmac_key: "•••• (secret)", grace_period: "24h", old_key_signs_until: null });
    expect(JSON.stringify(entry)).not.toContain(state.key);
  });

  it("is rotated with the old key signing beside the new one for the grace period, then the new one alone", async () => {
    const old = (await rotate("none")).key!;
    const rotated = await rotate("24h");
    const fresh = rotated.key!;
    const stored = await keys();
    expect(stored).toMatchObject({ webhook_hmac_key: fresh, webhook_hmac_previous_key: old });
    expect(stored.webhook_hmac_previous_until!.getTime() - stored.webhook_hmac_key_rotated_at!.getTime()).toBe(86_400_000);
    expect(rotated.message).toBe(
      `Webhook key rotated. The old key keeps signing beside the new one until ${stored.webhook_hmac_previous_until!.toISOString()}.`,
    );
    expect((await readSettings({ ctx })).webhook_hmac_previous_key_until).toEqual(stored.webhook_hmac_previous_until);

    const during = await deliverOne();
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifies(old, during)).toBe(true);
    expect(verifies(fresh, during)).toBe(true);

    // The grace period is over.
    await sql`UPDATE settings SET webhook_hmac_previous_until = now() - interval '1 second'`.execute(ctx.db);
    const after = await deliverOne();
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifies(fresh, after)).toBe(true);
    expect(verifies(old, after)).toBe(false);

    const entry = (await audits()).at(-1)!;
    expect(entry).toMatchObject({ action: "settings.webhook_key.rotate" });
    expect(entry.before).toMatchObject({ webhook_hmac_key: "•••• (secret)" });
    expect(entry.after).toMatchObject({ grace_period: "24h", old_key_signs_until: stored.webhook_hmac_previous_until!.toISOString() });
    for (const key of [old, fresh]) expect(JSON.stringify(await audits())).not.toContain(key);
  });

  it("stops the old key at once with no grace period", async () => {
    const old = (await rotate("7d")).key!;
    const state = await rotate("none");
    expect(state.message).toBe("Webhook key rotated. The old key no longer signs.");
    expect(await keys()).toMatchObject({ webhook_hmac_key: state.key, webhook_hmac_previous_key: null, webhook_hmac_previous_until: null });
    const hit = await deliverOne();
    expect(verifies(state.key!, hit)).toBe(true);
    expect(verifies(old, hit)).toBe(false);
  });

  it("refuses a grace period it does not offer, changing nothing", async () => {
    const before = await keys();
    const count = (await audits()).length;
    expect(await rotate("30d")).toEqual({ key: null, message: null, error: "Choose how long the old key keeps signing: none, 1h, 24h or 7d.", grace: null });
    expect(await keys()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });

  it("refuses a user who is not a superuser, changing nothing", async () => {
    const clerk = adminCaller(await createUser(ctx, { gatewayCodes: ["card"], permissions: ["create", "refund"] }));
    const before = await keys();
    await expect(rotate("24h", clerk)).rejects.toThrow(Forbidden);
    expect(await keys()).toEqual(before);
  });
});
