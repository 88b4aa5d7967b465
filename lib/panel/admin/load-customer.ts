import { z } from "zod";
import { customerCards, customerIdsOfEmail, type CustomerKey, customerTotals } from "@/db/queries/customer-view";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/money/decimal";
import { parseInput } from "@/lib/core/validation/parse-input";
import { type KeysetPage, LIST_TIMEOUT_MS, PAGE_SIZE, readKeysetPage } from "./list-transactions";
import { CURSOR_MESSAGE, listCursor, NO_CONTROL, optional } from "./transaction-list-filters";

/** The Customer view's URL parameters: whose (a customer id, or else an e-mail) and the page's cursor. */
export const CUSTOMER_FIELDS = ["customer_id", "email", "after", "before"] as const;
export type CustomerValues = Record<(typeof CUSTOMER_FIELDS)[number], string>;

const CONTROL_MESSAGE = "Letters, digits and punctuation only: no control characters.";

const customerParams = z
  .object({
    customer_id: optional(z.string().trim().max(128, "A customer id has at most 128 characters.").regex(NO_CONTROL, CONTROL_MESSAGE)),
    email: optional(z.string().trim().toLowerCase().max(254, "An e-mail address has at most 254 characters.").regex(NO_CONTROL, CONTROL_MESSAGE)),
    after: optional(listCursor),
    before: optional(listCursor),
  })
  .superRefine((p, ctx) => {
    if (!p.customer_id && !p.email) ctx.addIssue({ code: "custom", path: ["customer_id"], message: "Give a customer id or an e-mail address." });
    if (p.after && p.before) ctx.addIssue({ code: "custom", path: ["before"], message: CURSOR_MESSAGE });
  });

export interface CustomerCard {
  id: string;
  customerId: string;
  gateway: string;
  brand: string;
  last4: string;
  /** MM/YYYY */
  expiry: string;
  lastUsedAt: Date;
  agreements: { id: string; type: string; amount: string; currency: string; charges: number; lastChargeAt: string }[];
}

export interface CustomerView {
  values: CustomerValues;
  errors: FieldErrors;
  /** Who the page is about, in words: "customer id c-1" or "e-mail sara@…". */
  title: string;
  page: KeysetPage;
  totals: { currency: string; transactions: number; paid: string; refunded: string }[];
  cards: CustomerCard[];
}

const NO_PAGE: KeysetPage = { items: [], newer: null, older: null, first: true };

const valuesOf = (params: URLSearchParams | Record<string, string | string[] | undefined>): CustomerValues => {
  const get = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    return (Array.isArray(value) ? value[0] : value) ?? "";
  };
  return Object.fromEntries(CUSTOMER_FIELDS.map((name) => [name, get(name)])) as CustomerValues;
};

/**
 * The Customer view: one customer's transactions (by customer id, or by e-mail in any case) newest first by
 * keyset, their totals paid and refunded per currency, and their saved cards (brand, last four, expiry) with the
 * agreements on each. A user who is not a superuser sees only transactions of their gateways, and cards of them.
 */
export async function loadCustomer({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; params: URLSearchParams | Record<string, string | string[] | undefined> };
}): Promise<CustomerView> {
  const values = valuesOf(input.params);
  let p: z.output<typeof customerParams>;
  try {
    p = parseInput(customerParams, values);
  } catch (error) {
    if (error instanceof ValidationFailed) return { values, errors: error.fields, title: "", page: NO_PAGE, totals: [], cards: [] };
    throw error;
  }
  const scope = visibleGatewayCodes(input.caller);
  const key: CustomerKey = p.customer_id ? { customerId: p.customer_id } : { email: p.email! };
  const position = p.after ?? p.before;
  const page = await readKeysetPage(
    ctx,
    {
      gatewayScope: scope,
      ...("customerId" in key ? { customerId: key.customerId } : { customerEmail: key.email }),
      from: position && { ...position, direction: p.before ? "newer" : "older" },
      limit: PAGE_SIZE + 1,
    },
    p,
  );
  const [totals, ids] = await Promise.all([
    customerTotals(ctx.db, key, scope),
    "customerId" in key ? [key.customerId] : customerIdsOfEmail(ctx.db, key.email, scope),
  ]);
  const cards = await customerCards(ctx.db, ids, scope);
  return {
    values,
    errors: "tooSlow" in page ? { non_field_errors: [`This customer's transactions took longer than ${LIST_TIMEOUT_MS / 1000} s to read.`] } : {},
    title: "customerId" in key ? `customer id ${key.customerId}` : `e-mail ${key.email}`,
    page: "tooSlow" in page ? NO_PAGE : page,
    totals: totals.map((t) => ({
      currency: t.currency_code,
      transactions: t.transactions,
      paid: formatAmount(t.paid, t.decimals),
      refunded: formatAmount(t.refunded, t.decimals),
    })),
    cards: cards.map((c) => ({
      id: c.id,
      customerId: c.customer_id,
      gateway: c.gateway_code,
      brand: c.brand,
      last4: c.last4,
      expiry: `${String(c.expiry_month).padStart(2, "0")}/${c.expiry_year}`,
      lastUsedAt: c.last_used_at,
      agreements: c.agreements.map((a) => ({
        id: a.agreement_id,
        type: a.type,
        amount: formatAmount(a.amount, a.decimals),
        currency: a.currency_code,
        charges: a.charges,
        lastChargeAt: a.last_charge_at,
      })),
    })),
  };
}
