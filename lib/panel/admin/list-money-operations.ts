import { z } from "zod";
import { listMoneyOperations as list, MONEY_OPERATION_KINDS, type MoneyOperationRow } from "@/db/queries/money-operations";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/money/decimal";
import { parseInput } from "@/lib/core/validation/parse-input";
import { optional } from "./transaction-list-filters";

export const OPERATIONS_PAGE_SIZE = 50;
export const OPERATION_KINDS = MONEY_OPERATION_KINDS;
export const OPERATION_STATES = ["pending", "success", "failed"] as const;

const operationParams = z.object({
  kind: optional(z.enum(OPERATION_KINDS, { error: "Choose one of the kinds in the list." })),
  state: optional(z.enum(OPERATION_STATES, { error: "Choose one of the states in the list." })),
  before: optional(z.string().regex(/^\d{1,18}$/, "This page link is not valid; start again from the newest operations.")),
});

export type OperationValues = Record<"kind" | "state" | "before", string>;

export interface MoneyOperationItem {
  id: string;
  kind: MoneyOperationRow["kind"];
  state: MoneyOperationRow["state"];
  /** With the currency's places; null: the whole remaining amount. */
  amount: string | null;
  currency: string;
  sessionId: string;
  orderNo: string | null;
  referenceNumber: string | null;
  /** Who asked, in words: "API key shop", "admin alice", "the service (duplicate payment)". */
  requestedBy: string;
  message: string | null;
  gatewayResponse: Record<string, unknown> | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface MoneyOperationsPage {
  values: OperationValues;
  errors: FieldErrors;
  items: MoneyOperationItem[];
  /** The cursor of the next (older) page, null on the last. */
  older: string | null;
}

const requestedBy = (r: MoneyOperationRow) =>
  r.api_key ? `API key ${r.api_key}` : r.user ? `admin ${r.user}` : r.cause === "duplicate" ? "the service (duplicate payment)" : "—";

/**
 * The Refunds and operations screen: every refund, capture and void newest first, 50 a page by keyset, of one
 * kind or state if asked, on the transactions the caller may see (a user who is not a superuser: of their gateways).
 */
export async function listMoneyOperations({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; params: Record<string, string | string[] | undefined> };
}): Promise<MoneyOperationsPage> {
  const first = (name: string) => {
    const v = input.params[name];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const values = { kind: first("kind"), state: first("state"), before: first("before") };
  let p: z.output<typeof operationParams>;
  try {
    p = parseInput(operationParams, values);
  } catch (error) {
    if (error instanceof ValidationFailed) return { values, errors: error.fields, items: [], older: null };
    throw error;
  }
  const rows = await list(ctx.db, { ...p, gatewayScope: visibleGatewayCodes(input.caller), limit: OPERATIONS_PAGE_SIZE + 1 });
  const items = rows.slice(0, OPERATIONS_PAGE_SIZE).map((r) => ({
    id: r.id,
    kind: r.kind,
    state: r.state,
    amount: r.amount === null ? null : formatAmount(r.amount, r.decimals),
    currency: r.currency_code,
    sessionId: r.session_id,
    orderNo: r.order_no,
    referenceNumber: r.reference_number,
    requestedBy: requestedBy(r),
    message: r.message,
    gatewayResponse: r.gateway_response,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  }));
  return { values, errors: {}, items, older: rows.length > OPERATIONS_PAGE_SIZE ? items.at(-1)!.id : null };
}
