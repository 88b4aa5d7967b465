import type { TransactionRow } from "@/db/queries/transactions";
import { canUseGateway, mayDo, type Caller } from "@/lib/access/auth/permissions";
import type { AttemptEntry } from "@/db/queries/transaction-detail";
import type { MoneyOperation } from "@/db/types";
import { adapterFor } from "@/lib/gateways/adapters";
import { unsupportedOperationMessage } from "@/lib/gateways/unsupported-operation";
import { allowedIn } from "@/lib/checkout/lifecycle/verbs";

/** The operations the panel offers on a transaction (delete stays with the API and the CLI). */
export const PANEL_OPERATIONS = ["refund", "capture", "void", "cancel", "expire"] as const;
export type PanelOperation = (typeof PANEL_OPERATIONS)[number];

/** Those of them that ask for an amount (prefilled with what remains). */
export const WITH_AMOUNT: readonly PanelOperation[] = ["refund", "capture"];

/**
 * The buttons a transaction page shows: the operations its state allows (lib/checkout/lifecycle/verbs.ts) that
 * the user's permissions allow; none on a deleted transaction. The verb checks both again when one is sent.
 */
export function panelOperationsFor(caller: Caller, txn: Pick<TransactionRow, "state" | "deleted_at">): PanelOperation[] {
  if (txn.deleted_at) return [];
  return panelOperationsIn(txn.state).filter((name) => mayDo(caller, name));
}

/**
 * Splits the offered operations by what the paid attempt's gateway takes through its API: the others get no
 * button but a sentence saying where to do them (the verb refuses them with the same sentence). With `caller`,
 * money taken by a gateway the caller may not use gets neither (the verb answers not found).
 */
export function splitByGateway(offered: PanelOperation[], attempts: AttemptEntry[], caller?: Caller) {
  const paid = attempts.find((a) => a.state === "success" && !a.is_duplicate);
  if (paid && caller && !canUseGateway(caller, paid.gateway_code)) offered = offered.filter((name) => !isMoney(name));
  const supported = paid ? adapterFor(paid.pg)?.features.operations : undefined;
  const cannot = (name: PanelOperation) => paid !== undefined && supported !== undefined && isMoney(name) && !supported.includes(name);
  return {
    allowed: offered.filter((name) => !cannot(name)),
    unsupported: offered.filter(cannot).map((name) => unsupportedOperationMessage(name as MoneyOperation, { code: paid!.gateway_code, pg: paid!.pg })),
  };
}

const isMoney = (name: PanelOperation): name is MoneyOperation & PanelOperation => name === "refund" || name === "capture" || name === "void";

/** The panel's operations a transaction in this state allows, whoever asks. */
export function panelOperationsIn(state: TransactionRow["state"]): PanelOperation[] {
  const allowed = allowedIn(state);
  return PANEL_OPERATIONS.filter((name) => allowed.includes(name));
}
