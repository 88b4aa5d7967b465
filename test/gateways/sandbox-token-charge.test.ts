import { describe, expect, it } from "vitest";
import { insertSandboxToken } from "@/db/queries/sandbox-tokens";
import type { GatewaySetting } from "@/db/types";
import { chargeSandboxToken } from "@/lib/gateways/sandbox/charge-token";
import { testContext } from "../support/test-context";

// The sandbox's merchant-initiated charge of a saved card, decided and recorded in one statement: by the card's
// behaviour and expiry, for its own gateway setting and customer only, once per payment reference.

const ctx = testContext();
const gateway = { code: "card", operation: "purchase" } as GatewaySetting;
let counter = 0;

/** MM/YY of the month `months` from this one (UTC). */
function expiryIn(months: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
}

async function savedCard(fields: { expiry?: string; charges?: "approve" | "decline"; customer?: string } = {}): Promise<string> {
  const token = `TOK-${++counter}`;
  await insertSandboxToken(ctx.db, {
    token,
    gateway_code: "card",
    customer_id: fields.customer ?? "cust-1",
    card_brand: "VISA",
    card_masked: "411111******1111",
    card_expiry: fields.expiry ?? expiryIn(12),
    charge_behaviour: fields.charges ?? "approve",
    operation_behaviour: "accept",
  });
  return token;
}

const charge = (token: string, reference = `REF-${++counter}`, customerId = "cust-1") =>
  chargeSandboxToken(ctx, gateway, { referenceNumber: reference, token, customerId, amount: "5.250", currencyCode: "KWD", agreementId: "a-1" });

describe("the sandbox's charge of a saved card", () => {
  it("approves a card that approves later charges, with the card and an authorization code", async () => {
    const result = await charge(await savedCard());
    expect(result).toMatchObject({ outcome: "success", message: null, card: { brand: "VISA", masked: "411111******1111" } });
    expect(result.gatewayResponse).toMatchObject({ result: "CAPTURED", responsecode: "00", amt: "5.250000", udf2: "KWD" });
    expect(result.gatewayResponse.auth).toMatch(/^\d{6}$/);
  });

  it("declines a card told to decline, and a card whose month has passed, but not one that expires this month", async () => {
    expect((await charge(await savedCard({ charges: "decline" }))).outcome).toBe("declined");
    const expired = await charge(await savedCard({ expiry: expiryIn(-1) }));
    expect(expired).toMatchObject({ outcome: "declined", gatewayResponse: { auth: null } });
    expect((await charge(await savedCard({ expiry: expiryIn(0) }))).outcome).toBe("success");
  });

  it("declines a token it did not issue to this customer, or one forgotten, as unknown", async () => {
    const other = await savedCard({ customer: "cust-2" });
    expect(await charge(other)).toMatchObject({ outcome: "declined", message: "Unknown card token", card: null });
    const forgotten = await savedCard();
    await ctx.db.updateTable("sandbox_tokens").set({ deleted_at: new Date() }).where("token", "=", forgotten).execute();
    expect(await charge(forgotten)).toMatchObject({ outcome: "declined", message: "Unknown card token" });
  });

  it("charges a payment reference once: the same charge again answers as the first, and racing ones too", async () => {
    const token = await savedCard();
    const first = await charge(token, "REF-ONCE");
    const racing = await Promise.all([1, 2, 3].map(() => charge(token, "REF-ONCE")));
    for (const again of racing) expect(again.gatewayResponse).toMatchObject({ paymentid: first.gatewayResponse.paymentid, auth: first.gatewayResponse.auth });
    const rows = await ctx.db.selectFrom("sandbox_payments").select("status").where("reference_number", "=", "REF-ONCE").execute();
    expect(rows).toEqual([{ status: "approved" }]);
  });
});
