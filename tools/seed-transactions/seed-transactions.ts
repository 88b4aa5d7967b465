import { randomBytes } from "node:crypto";
import { z } from "zod";
import { countSeedableGateways, insertSeedTransactions, vacuumSeededTables } from "./seed-queries";
import type { Ctx } from "@/lib/core/context";
import { BadRequest } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";

export const seedTransactionsInput = z.object({
  count: z
    .number({ error: "Count must be a whole number between 1 and 10,000,000." })
    .int("Count must be a whole number between 1 and 10,000,000.")
    .min(1, "Count must be a whole number between 1 and 10,000,000.")
    .max(10_000_000, "Count must be a whole number between 1 and 10,000,000."),
});

/** Rows per statement: each batch commits on its own, so memory stays flat and progress shows. */
const BATCH = 50_000;

/**
 * Fills the database with `count` made-up transactions (with attempts and events) for trying the admin panel and
 * measuring it on a big table (`npm run seed:bench -- --count 1000000`). Set-based SQL, a batch at a
 * time; the rows are spread over the enabled gateway settings and their currencies, which must exist first.
 */
export async function seedTransactions({
  ctx,
  input,
  onProgress = () => undefined,
}: {
  ctx: Ctx;
  input: z.input<typeof seedTransactionsInput>;
  onProgress?: (done: number, total: number) => void;
}): Promise<{ inserted: number; run: string }> {
  const { count } = parseInput(seedTransactionsInput, input);
  if ((await countSeedableGateways(ctx.db)) === 0) {
    throw new BadRequest("No enabled gateway setting with a configured currency: add a currency and a gateway first (add-currency, create-gateway).");
  }
  // The run's tag keeps order numbers and references of a second run apart from the first's.
  const run = randomBytes(3).toString("hex");
  let inserted = 0;
  for (let from = 1; from <= count; from += BATCH) {
    inserted += await insertSeedTransactions(ctx.db, run, from, Math.min(count, from + BATCH - 1));
    onProgress(inserted, count);
  }
  await vacuumSeededTables(ctx.db);
  return { inserted, run };
}
