import { type ListSearch, listFilterChoices, type TransactionListQuery } from "@/db/queries/transaction-list";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { addFieldError, parseInput } from "@/lib/core/validation/parse-input";
import { type FilterValues, filterValues, type TransactionListFilters, transactionListFilters } from "./transaction-list-filters";

export interface ListFilterChoices {
  /** The gateways this caller may see: every one for a superuser, their own for anyone else. */
  gateways: string[];
  currencies: string[];
}

export interface ReadFilters {
  /** What was asked, as typed, to fill the form again. */
  values: FilterValues;
  errors: FieldErrors;
  /** Null when any filter is wrong: nothing is listed then. */
  filters: TransactionListFilters | null;
  choices: ListFilterChoices;
}

/** The list's URL parameters checked by the zod rules, then against the gateways and currencies the caller may pick. */
export async function readListFilters(
  ctx: Ctx,
  caller: UserCaller,
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Promise<ReadFilters> {
  const values = filterValues(params);
  const all = await listFilterChoices(ctx.db);
  const mine = visibleGatewayCodes(caller);
  const choices = { gateways: mine ? [...mine].sort() : all.gateways, currencies: all.currencies };
  let filters: TransactionListFilters;
  try {
    filters = parseInput(transactionListFilters, values);
  } catch (error) {
    if (error instanceof ValidationFailed) return { values, errors: error.fields, filters: null, choices };
    throw error;
  }
  const errors: FieldErrors = {};
  if (filters.gateway && !choices.gateways.includes(filters.gateway)) addFieldError(errors, ["gateway"], "Choose one of the gateways in the list.");
  if (filters.paid_via && !choices.gateways.includes(filters.paid_via)) addFieldError(errors, ["paid_via"], "Choose one of the gateways in the list.");
  if (filters.currency && !choices.currencies.includes(filters.currency)) addFieldError(errors, ["currency"], "Choose one of the currencies in the list.");
  return { values, errors, filters: Object.keys(errors).length > 0 ? null : filters, choices };
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/**
 * The query for checked filters: dates are whole days in UTC (to inclusive); the search box's text is tried as
 * every kind of key it could be; a user who is not a superuser sees only transactions of their gateways.
 */
export function listQuery(caller: UserCaller, f: TransactionListFilters, limit: number): TransactionListQuery {
  const position = f.after ?? f.before;
  return {
    gatewayScope: visibleGatewayCodes(caller),
    state: f.state,
    gateway: f.gateway,
    currency: f.currency,
    createdFrom: f.from ? new Date(`${f.from}T00:00:00Z`) : undefined,
    createdBefore: f.to ? nextDay(f.to) : undefined,
    minAmount: f.min,
    maxAmount: f.max,
    search: f.q ? searchTerms(f.q) : undefined,
    refunded: f.refunds === "yes" || undefined,
    failingWebhooks: f.webhooks === "failing" || undefined,
    paymentType: f.type,
    paidVia: f.paid_via,
    from: position && { ...position, direction: f.before ? "newer" : "older" },
    limit,
  };
}

/** A reference number's prefix must say this much (CK and four more) before it is looked up: "CK" alone is every one. */
const REFERENCE_PREFIX_MIN = 6;
/** pg_trgm finds a substring through its index from three characters on. */
const SUBSTRING_MIN = 3;

/**
 * The search box's text as each kind of key takes it: a prefix of the order number (any case), of a reference
 * number (printed upper case) and of the session id (hex, as a range of the primary key); a substring of the
 * customer's name, e-mail or phone (any case; a phone typed with +, spaces or dashes also as its digits).
 */
export function searchTerms(text: string): ListSearch {
  const lower = text.toLowerCase();
  const digits = text.replace(/[\s()-]/g, "").replace(/^\+/, "");
  const substrings = [lower, ...(/^\d+$/.test(digits) && digits !== lower ? [digits] : [])].filter((s) => s.length >= SUBSTRING_MIN);
  return {
    orderPrefix: lower,
    referencePrefix: text.length >= REFERENCE_PREFIX_MIN ? text.toUpperCase() : undefined,
    sessionRange: /^[0-9a-f]{4,40}$/.test(lower) ? hexRange(lower) : undefined,
    substrings: substrings.map((s) => ({ text: s, window: trigramWindow(s) })),
  };
}

/**
 * The part of a substring the trigram index looks up: many customers share an e-mail's domain (and a name's
 * common syllables), and the index reads every row of each trigram it is given, so an e-mail is looked up by its
 * local part, and that by its run of digits when it has one of 4 or more (numbered addresses, phone numbers).
 */
function trigramWindow(text: string): string {
  const at = text.indexOf("@");
  const local = at >= SUBSTRING_MIN ? text.slice(0, at) : text;
  const digits = /\d{4,}/.exec(local)?.[0];
  return digits ?? local;
}

/** Every 40-character hex id starting with `prefix`: from the prefix up to the next prefix of its length (none after f…f). */
function hexRange(prefix: string): { from: string; to: string | null } {
  const next = prefix.replace(/f*$/, "");
  if (next === "") return { from: prefix, to: null };
  const last = parseInt(next.at(-1)!, 16) + 1;
  return { from: prefix, to: `${next.slice(0, -1)}${last.toString(16)}` };
}
