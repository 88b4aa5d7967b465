import type { Command } from "../../server/admin-commands/commands";
import { numberOption, parseOptions } from "../../server/admin-commands/usage-error";
import { seedTransactions } from "./seed-transactions";

/** What `npm run seed:bench -- …` prints before a usage. */
export const SEED_USAGE_PREFIX = "npm run seed:bench -- ";

/** `npm run seed:bench -- --count N`, as a command run like the admin CLI's (server/admin-commands/run-command.ts). */
export const seedCommand: Command = {
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
