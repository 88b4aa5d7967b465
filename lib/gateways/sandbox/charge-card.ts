import { randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import { findSavedCard } from "@/db/queries/saved-cards";
import type { SandboxOperationBehaviour, SandboxStatus } from "@/db/types";
import type { Ctx } from "@/lib/context";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import { browserReturnUrl, scheduleCallback } from "./notify-merchant";
import { cardBehaviour, cardBrand, maskCard, operationBehaviour, passesLuhn, type CardBehaviour } from "./test-cards";
import { sandboxChallengeUrl } from "./sandbox-urls";

const STATUS: Record<CardBehaviour, SandboxStatus> = {
  approve: "approved",
  decline: "declined",
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
    .refine((v) => {
      const [m, y] = v.split("/").map((s) => Number(s.trim()));
      const now = new Date();
      return 2000 + y! > now.getUTCFullYear() || (2000 + y! === now.getUTCFullYear() && m! >= now.getUTCMonth() + 1);
    }, "This card has expired."),
  cvv,
  name: z.string().trim().min(1, "Enter the name on the card.").max(64, "At most 64 characters."),
  saveCard: z.boolean(),
});

export type ChargeInput = { reference: string; cvv: string } & (
  | { savedCardId: string }
  | { cardNumber: string; expiry: string; name: string; saveCard: boolean }
);

/**
 * The sandbox gateway takes the card the customer typed (or a saved one) and decides by test card number.
 * Only the brand, the last four digits and the expiry are kept. Returns where the browser goes next.
 */
export async function chargeCard({ ctx, input }: { ctx: Ctx; input: ChargeInput }): Promise<{ url: string }> {
  const payment = await findSandboxPayment(ctx.db, input.reference);
  if (!payment) throw new NotFound();
  // A second click, or a form sent again after the result: the result stands.
  if (payment.status !== "awaiting_card") return { url: await browserReturnUrl(ctx, payment) };

  let card: {
    brand: string;
    masked: string;
    expiry: string;
    behaviour: CardBehaviour;
    operations: SandboxOperationBehaviour;
    save: boolean;
    token: string | null;
  };
  if ("savedCardId" in input) {
    parseInput(z.object({ cvv }), { cvv: input.cvv });
    const saved = payment.customer_id ? await findSavedCard(ctx.db, input.savedCardId, payment.customer_id) : undefined;
    if (!saved) throw new ValidationFailed({ savedCardId: ["This saved card is not available."] });
    const expiry = `${String(saved.expiry_month).padStart(2, "0")}/${String(saved.expiry_year % 100).padStart(2, "0")}`;
    card = { brand: saved.brand, masked: saved.masked_number, expiry, behaviour: "approve", operations: "accept", save: false, token: null };
  } else {
    const data = parseInput(newCard, input);
    const save = data.saveCard && payment.customer_id !== null;
    card = {
      brand: cardBrand(data.cardNumber),
      masked: maskCard(data.cardNumber),
      expiry: data.expiry.replace(/\s/g, ""),
      behaviour: cardBehaviour(data.cardNumber),
      operations: operationBehaviour(data.cardNumber),
      save,
      token: save ? `tok_${randomBytes(16).toString("hex")}` : null,
    };
  }

  const status = STATUS[card.behaviour];
  const final = !["challenge", "processing"].includes(status);
  const moved = await moveSandboxPayment(ctx.db, payment.reference_number, ["awaiting_card"], {
    status,
    card_brand: card.brand,
    card_masked: card.masked,
    card_expiry: card.expiry,
    save_card: card.save,
    operation_behaviour: card.operations,
    token: card.token,
    tranid: String(randomInt(10 ** 9, 10 ** 10)),
    auth_code: status === "approved" ? String(randomInt(100000, 1000000)) : null,
    settled_at: final ? new Date() : null,
  });
  const current = moved ?? (await findSandboxPayment(ctx.db, payment.reference_number))!;
  if (moved && status === "challenge") return { url: sandboxChallengeUrl(payment.reference_number) };
  if (moved) scheduleCallback(ctx, current);
  return { url: await browserReturnUrl(ctx, current) };
}
