// npm run seed:bench -- --count N: fills DATABASE_URL or the embedded database with N made-up transactions (with
// their attempts and events) for trying the admin panel and measuring it on a big table (the bench's admin section
// runs it with 1,000,000). Bench tooling, not part of the product: never on a production database.
import { runCommand } from "../server/admin-commands/run-command";
import { runMain } from "../server/run-main";
import { SEED_USAGE_PREFIX, seedCommand } from "./seed-transactions/seed-command";

runMain(() => runCommand(seedCommand, process.argv.slice(2), SEED_USAGE_PREFIX));
