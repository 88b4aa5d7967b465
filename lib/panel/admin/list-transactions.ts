import { isQueryTimeout, listTransactionPage, type TransactionListQuery, type TransactionListRow } from "@/db/queries/transaction-list";
import type { TransactionState } from "@/db/types";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/money/decimal";
import { listQuery, type ListFilterChoices, readListFilters } from "./read-list-filters";
import { encodeCursor } from "./transaction-cursor";
import type { FilterValues } from "./transaction-list-filters";

export const PAGE_SIZE = 50;
/** A page that takes longer is given up, with a message: every useful filter has an index and answers in milliseconds. */
export const LIST_TIMEOUT_MS = 3_000;
const TOO_SLOW = "This search took too long: narrow it with a state, a gateway, dates or a longer search.";

/** A transaction as the list shows it (and its live JSON sends it). */
export interface TransactionListItem {
  sessionId: string;
  /** ISO 8601, UTC, to the microsecond. */
  createdAt: string;
  orderNo: string | null;
  state: TransactionState;
  /** With exactly the currency's decimal places. */
  amount: string;
  currency: string;
  gateways: string[];
  customerId: string | null;
  /** First and last name, as given ("" when neither was). */
  name: string;
  email: string | null;
  phone: string | null;
  /** Deleted by the merchant (the delete operation): still listed, marked, for the record. */
  deleted: boolean;
  /** The gateway that took the payment and the payment's reference number; null while nothing is paid. */
  paidGateway: string | null;
  reference: string | null;
}

export interface TransactionListPage {
  values: FilterValues;
  errors: FieldErrors;
  items: TransactionListItem[];
  /** Cursors of the neighbouring pages (null: none that way). */
  newer: string | null;
  older: string | null;
  /** The newest page (nothing newer): the one that refreshes itself. */
  first: boolean;
  choices: ListFilterChoices;
}

export const listItem = (r: TransactionListRow): TransactionListItem => ({
  sessionId: r.session_id,
  createdAt: r.created_key,
  orderNo: r.order_no,
  state: r.state,
  amount: formatAmount(r.amount, r.decimals),
  currency: r.currency_code,
  gateways: r.pg_codes,
  customerId: r.customer_id,
  name: [r.customer_first_name, r.customer_last_name].filter(Boolean).join(" "),
  email: r.customer_email,
  phone: r.customer_phone,
  deleted: r.deleted_at !== null,
  paidGateway: r.paid_gateway,
  reference: r.reference_number,
});

const cursorOf = (item: TransactionListItem | undefined) => (item ? encodeCursor({ createdAt: item.createdAt, sessionId: item.sessionId }) : null);

/**
 * A page of the admin panel's transaction list: filtered, searched, scoped to the caller's gateways, read by
 * keyset (one row more than a page tells whether there is another page that way). Wrong filters come back as
 * field errors with what was typed, and list nothing.
 */
export async function listTransactions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; params: URLSearchParams | Record<string, string | string[] | undefined> };
}): Promise<TransactionListPage> {
  const { values, errors, filters, choices } = await readListFilters(ctx, input.caller, input.params);
  const empty = { values, errors, items: [], newer: null, older: null, first: true, choices };
  if (!filters) return empty;
  const page = await readKeysetPage(ctx, listQuery(input.caller, filters, PAGE_SIZE + 1), filters);
  return "tooSlow" in page ? { ...empty, errors: { non_field_errors: [TOO_SLOW] } } : { ...empty, ...page };
}

/** Where a page stands in the list: its rows newest first, its neighbours' cursors, whether it is the newest. */
export interface KeysetPage {
  items: TransactionListItem[];
  newer: string | null;
  older: string | null;
  first: boolean;
}

/**
 * One page of transactions by keyset (one row more than a page tells whether there is another page that way),
 * the list's and the Customer view's; a query past LIST_TIMEOUT_MS is given up.
 */
export async function readKeysetPage(
  ctx: Ctx,
  query: TransactionListQuery,
  position: { after?: unknown; before?: unknown },
): Promise<KeysetPage | { tooSlow: true }> {
  let rows: TransactionListRow[];
  try {
    rows = await listTransactionPage(ctx.db, query, LIST_TIMEOUT_MS);
  } catch (error) {
    if (isQueryTimeout(error)) return { tooSlow: true };
    throw error;
  }
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  // Newer rows are read oldest first, from the cursor up; the page shows them newest first like any other.
  const items = (position.before ? page.reverse() : page).map(listItem);
  // Paging back up to the top lands on the newest page again, which then refreshes itself like the first.
  const newerExists = position.before ? more : Boolean(position.after);
  const olderExists = position.before ? true : more;
  return {
    items,
    first: !newerExists,
    newer: newerExists ? cursorOf(items[0]) : null,
    older: olderExists ? cursorOf(items.at(-1)) : null,
  };
}
