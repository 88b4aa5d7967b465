import type { SandboxOperationBehaviour } from "@/db/types";

/** What the sandbox does with a card number. Any other card is refused as not a test card. */
export type CardBehaviour = "approve" | "decline" | "expired_card" | "wrong_cvv" | "challenge" | "error" | "no_answer" | "unknown";

export const TEST_CARDS = {
  "4111111111111111": "approve",
  "4000000000000002": "decline",
  "4000000000000101": "expired_card",
  "4000000000000127": "wrong_cvv",
  "4000000000003220": "challenge",
  "4000000000000119": "error",
  "4000000000000259": "no_answer",
  "4000000000000069": "approve",
  "4000000000000077": "approve",
  "4000000000000341": "approve",
} as const satisfies Record<string, Exclude<CardBehaviour, "unknown">>;

export type TestCardNumber = keyof typeof TEST_CARDS;

/**
 * The issuer's response code a declining card answers with (ISO 8583, as KNET's issuers give it): the payment
 * page says why from it (lib/gateways/decline-reason.ts). A valid number that is no test card: no such card.
 */
export const DECLINE_CODES: Partial<Record<CardBehaviour, string>> = { decline: "51", expired_card: "54", wrong_cvv: "N7", unknown: "14" };

/** Approved (and saved) on the page, but every later charge without the customer (auto-debit) is declined. */
const DECLINED_LATER = new Set(["4000000000000341"]);

export const laterChargeBehaviour = (digits: string): "approve" | "decline" => (DECLINED_LATER.has(digits) ? "decline" : "approve");

/** Approved cards whose later refunds, captures and voids the sandbox refuses or leaves unanswered. */
const OPERATION_CARDS: Record<string, SandboxOperationBehaviour> = {
  "4000000000000069": "refuse",
  "4000000000000077": "no_answer",
};

export const operationBehaviour = (digits: string): SandboxOperationBehaviour => OPERATION_CARDS[digits] ?? "accept";

export const cardBehaviour = (digits: string): CardBehaviour => (Object.hasOwn(TEST_CARDS, digits) ? TEST_CARDS[digits as TestCardNumber] : "unknown");

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith("4")) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  return "Card";
}

/** Only the last four digits ever leave the card form. */
export const maskCard = (digits: string) => `•••• ${digits.slice(-4)}`;
