import { randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import { insertSandboxToken } from "@/db/queries/sandbox-tokens";
import { findSavedCard } from "@/db/queries/saved-cards";
import type { SandboxOperationBehaviour, SandboxStatus } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { NotFound, ValidationFailed } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";
import { browserReturnUrl, scheduleCallback } from "./notify-merchant";
import { cardBehaviour, cardBrand, DECLINE_CODES, laterChargeBehaviour, maskCard, operationBehaviour, passesLuhn, type CardBehaviour } from "./test-cards";
import { type CardExpiry, earliestAcceptedExpiry, expiresTooSoon, formatExpiry, readExpiry } from "@/lib/gateways/card-expiry";
import { endPastDeadline } from "./sandbox-deadline";
import { sandboxChallengeUrl } from "./sandbox-urls";

const STATUS: Record<CardBehaviour, SandboxStatus> = {
  approve: "approved",
  decline: "declined",
  expired_card: "declined",
  wrong_cvv: "declined",
  unknown: "declined",
  error: "error",
  no_answer: "processing",
  challenge: "challenge",
};

const cvv = z.string().trim().regex(/^\d{3,4}$/, "Enter the 3 or 4 digit security code.");

const newCard = z.object({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => /^\d{12,19}$/.test(v) && passesLuhn(v), "Enter a valid card number."),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Enter the expiry as MM/YY.")
    .refine((v) => !expiresTooSoon(readExpiry(v), 0, new Date()), "This card has expired."),
  cvv,
  name: z.string().trim().min(1, "Enter the name on the card.").max(64, "At most 64 characters."),
  saveCard: z.boolean(),
});

/**
 * The merchant's card_acceptance_criteria.min_expiry_time: a card valid for fewer days is refused before anything
 * is charged, and the page stays open for another card.
 */
function refuseShortLived(expiry: CardExpiry, minDays: number | null): void {
  const now = new Date();
  if (!minDays || !expiresTooSoon(expiry, minDays, now)) return;
  const earliest = formatExpiry(earliestAcceptedExpiry(minDays, now));
  throw new ValidationFailed({ expiryTooSoon: [`This card expires too soon: the merchant accepts cards valid until at least ${earliest}.`] });
}

export type ChargeInput = { reference: string; cvv: string } & (
  | { savedCardId: string }
  | { cardNumber: string; expiry: string; name: string; saveCard: boolean }
);

/**
 * The sandbox gateway takes the card the customer typed (or a saved one) and decides by test card number.
 * A card valid for fewer days than the merchant's min_expiry_time is refused (refuseShortLived). Only the brand,
 * the last four digits, the expiry and the holder's name are kept. A card to be saved (the
 * customer ticked it, or the merchant's transaction saves cards) gets a token in the sandbox's vault, with what
 * later charges of it without the customer will do. Past the payment's deadline (the transaction's expires_at
 * when it started) nothing is charged and the payment ends `expired`. Returns where the browser goes next.
 */
export async function chargeCard({ ctx, input }: { ctx: Ctx; input: ChargeInput }): Promise<{ url: string }> {
  const found = await findSandboxPayment(ctx.db, input.reference);
  if (!found) throw new NotFound();
  // Past the transaction's deadline no card is taken: the customer goes back to the shop, which says it expired.
  const { payment, ended } = await endPastDeadline(ctx, found);
  if (ended) scheduleCallback(ctx, payment);
  // A second click, or a form sent again after the result: the result stands.
  if (payment.status !== "awaiting_card") return { url: await browserReturnUrl(ctx, payment) };

  let card: {
    brand: string;
    masked: string;
    expiry: string;
    holder: string | null;
    behaviour: CardBehaviour;
    operations: SandboxOperationBehaviour;
    later: "approve" | "decline";
    save: boolean;
    token: string | null;
  };
  if ("savedCardId" in input) {
    parseInput(z.object({ cvv }), { cvv: input.cvv });
    const saved = payment.customer_id ? await findSavedCard(ctx.db, input.savedCardId, payment.customer_id) : undefined;
    if (!saved) throw new ValidationFailed({ savedCardId: ["This saved card is not available."] });
    refuseShortLived({ month: saved.expiry_month, year: saved.expiry_year }, payment.min_card_expiry_days);
    const expiry = `${String(saved.expiry_month).padStart(2, "0")}/${String(saved.expiry_year % 100).padStart(2, "0")}`;
    // Paying with a saved card under a new agreement links that agreement to the same token.
    card = {
      brand: saved.brand,
      masked: saved.masked_number,
      expiry,
      holder: saved.name_on_card,
      behaviour: "approve",
      operations: "accept",
      later: "approve",
      save: payment.must_save,
      token: payment.must_save ? saved.token : null,
    };
  } else {
    const data = parseInput(newCard, input);
    refuseShortLived(readExpiry(data.expiry), payment.min_card_expiry_days);
    const save = (data.saveCard || payment.must_save) && payment.customer_id !== null;
    card = {
      brand: cardBrand(data.cardNumber),
      masked: maskCard(data.cardNumber),
      expiry: data.expiry.replace(/\s/g, ""),
      holder: data.name,
      behaviour: cardBehaviour(data.cardNumber),
      operations: operationBehaviour(data.cardNumber),
      later: laterChargeBehaviour(data.cardNumber),
      save,
      token: save ? `tok_${randomBytes(16).toString("hex")}` : null,
    };
    if (card.token && STATUS[card.behaviour] !== "declined") {
      // Before the payment moves: a result that names a token always finds it in the vault.
      await insertSandboxToken(ctx.db, {
        token: card.token,
        gateway_code: payment.gateway_code,
        customer_id: payment.customer_id!,
        card_brand: card.brand,
        card_masked: card.masked,
        card_expiry: card.expiry,
        charge_behaviour: card.later,
        operation_behaviour: card.operations,
      });
    }
  }

  const status = STATUS[card.behaviour];
  const final = !["challenge", "processing"].includes(status);
  const moved = await moveSandboxPayment(ctx.db, payment.reference_number, ["awaiting_card"], {
    status,
    card_brand: card.brand,
    card_masked: card.masked,
    card_expiry: card.expiry,
    card_holder: card.holder,
    save_card: card.save,
    operation_behaviour: card.operations,
    token: card.token,
    tranid: String(randomInt(10 ** 9, 10 ** 10)),
    auth_code: status === "approved" ? String(randomInt(100000, 1000000)) : null,
    decline_code: DECLINE_CODES[card.behaviour] ?? null,
    settled_at: final ? new Date() : null,
  });
  const current = moved ?? (await findSandboxPayment(ctx.db, payment.reference_number))!;
  if (moved && status === "challenge") return { url: sandboxChallengeUrl(payment.reference_number) };
  if (moved) scheduleCallback(ctx, current);
  return { url: await browserReturnUrl(ctx, current) };
}
