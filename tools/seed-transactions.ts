// npm run seed:bench -- --count N: fills DATABASE_URL or the embedded database with N made-up transactions (with
// their attempts and events) for trying the admin panel and measuring it on a big table (the bench's admin section
// runs it with 1,000,000). Bench tooling, not part of the product: never on a production database.
import type { Command } from "../server/admin-commands/commands";
import { runCommand } from "../server/admin-commands/run-command";
import { numberOption, parseOptions } from "../server/admin-commands/usage-error";
import { runMain } from "../server/run-main";
import { seedTransactions } from "./seed-transactions/seed-transactions";

const seed: Command = {
  usage: "--count N",
  async run(ctx, args) {
    const o = parseOptions(args, { count: { type: "string" } }, ["count"]);
    const started = Date.now();
    const { inserted, run } = await seedTransactions({
      ctx,
      input: { count: numberOption(o.count, "count")! },
      // Progress on stderr: a million rows take minutes, and stdout keeps the one summary line.
      onProgress: (done, total) => process.stderr.write(`  ${done} of ${total} transactions\n`),
    });
    return [`Seeded ${inserted} transactions (run ${run}) in ${Math.round((Date.now() - started) / 1000)} s.`];
  },
};

runMain(() => runCommand(seed, process.argv.slice(2), "npm run seed:bench -- "));
