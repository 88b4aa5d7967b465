import { beforeAll, describe, expect, it } from "vitest";
import { chargeCardAction } from "@/app/(site)/sandbox/pay/[reference]/actions";
import { EMPTY_CHARGE_FORM } from "@/components/sandbox/charge-form-state";
import type { Caller } from "@/lib/access/auth/permissions";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { CARDS, newTransaction, setUpPayments } from "../support/payment-flow";
import { cardForm, redirectOf, sandboxStatus as sandboxStatusOf } from "../support/sandbox-card-form";
import { testContext } from "../support/test-context";

// The sandbox card page's server action: a refused form comes back with its field errors and only what may be
// shown again; a good card or an unknown payment ends in a redirect.

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

async function cardPage() {
  const started = await startPayment({ ctx, input: { sessionId: await newTransaction(ctx, caller), code: "card" } });
  if (started.kind !== "redirect") throw new Error(started.kind);
  return started.referenceNumber;
}

const form = cardForm;
const sandboxStatus = (reference: string) => sandboxStatusOf(ctx, reference);

describe("the sandbox card form's action", () => {
  it("wrong fields: their names, the name and expiry to show again, never the number or the CVV", async () => {
    const reference = await cardPage();
    const state = await chargeCardAction(
      EMPTY_CHARGE_FORM,
      form({ reference, card_number: "4111 1111 1111 1112", expiry: "13/30", cvv: "12", name: "Sara Ahmad", save_card: "on" }),
    );
    expect(state).toEqual({ errors: ["cardNumber", "expiry", "cvv"], values: { name: "Sara Ahmad", expiry: "13/30", saveCard: true } });
    expect(JSON.stringify(state)).not.toMatch(/4111|"12"/);
    expect(await sandboxStatus(reference)).toBe("awaiting_card");
  });

  it("a good card: charged, and the browser goes back to the shop with the signed result", async () => {
    const reference = await cardPage();
    const to = await redirectOf(chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, card_number: CARDS.approve, expiry: "12/39", cvv: "123", name: "Sara" })));
    expect(to).toMatch(/\/b\/checkout\/gateway\/sandbox\/return\/\?/);
    expect(new URL(to).searchParams.get("ref")).toBe(reference);
    expect(await sandboxStatus(reference)).toBe("approved");
  });

  it("sent by the page's script: the same charge, with the address to load instead of a redirect Next.js would fetch", async () => {
    const reference = await cardPage();
    const state = await chargeCardAction(
      EMPTY_CHARGE_FORM,
      form({ reference, card_number: CARDS.approve, expiry: "12/39", cvv: "123", name: "Sara", scripted: "1" }),
    );
    expect(state.errors).toEqual([]);
    expect(state.next).toMatch(/\/b\/checkout\/gateway\/sandbox\/return\/\?/);
    expect(await sandboxStatus(reference)).toBe("approved");
  });

  it("a saved card that is not the customer's: the field error, nothing charged", async () => {
    const reference = await cardPage();
    const state = await chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, saved_card_id: "999999", cvv: "123" }));
    expect(state.errors).toEqual(["savedCardId"]);
    expect(await sandboxStatus(reference)).toBe("awaiting_card");
  });

  it("a changed hidden reference: to that payment's page, which says it is not found", async () => {
    for (const reference of ["CK0000000000000000", "../../admin"]) {
      const to = await redirectOf(chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, card_number: CARDS.approve, expiry: "12/39", cvv: "123", name: "S" })));
      expect(to).toBe(`/sandbox/pay/${encodeURIComponent(reference)}`);
    }
  });
});
