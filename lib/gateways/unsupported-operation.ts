import type { MoneyOperation } from "@/db/types";

/** Why an operation the transaction's state allows cannot be sent: the gateway has no API for it. */
export const unsupportedOperationMessage = (kind: MoneyOperation, gateway: { code: string; pg: string }) =>
  `The ${gateway.pg} gateway (setting ${gateway.code}) takes no ${kind} through its API: do it in the gateway's own merchant portal.`;
