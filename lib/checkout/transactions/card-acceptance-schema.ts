import { z } from "zod";

export const MAX_MIN_EXPIRY_DAYS = 3650;

const DAYS = `Enter a whole number of days from 0 to ${MAX_MIN_EXPIRY_DAYS}.`;

/**
 * card_acceptance_criteria: what a card must meet to pay. min_expiry_time is in days: a card that is no longer
 * valid that many days after the payment is refused (checked where we see the card's expiry: the sandbox's card
 * page and saved cards; see docs/api.md for the gateways that cannot). Other members are ignored, as unknown keys are.
 */
export const cardAcceptanceSchema = z.object(
  {
    min_expiry_time: z
      .preprocess(
        (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
        z.number({ error: DAYS }).int(DAYS).min(0, DAYS).max(MAX_MIN_EXPIRY_DAYS, DAYS),
      )
      .optional(),
  },
  { error: 'Must be an object like {"min_expiry_time": 30}.' },
);
