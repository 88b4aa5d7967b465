import type { AttemptEntry } from "@/db/queries/transaction-detail";

/** The attempt that settled the transaction (as its API representation says): the oldest success that is not a duplicate. */
export const settledAttempt = (attempts: AttemptEntry[]) => attempts.find((a) => a.state === "success" && !a.is_duplicate);
