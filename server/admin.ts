// npm run admin -- <command> [options]: administration from the shell, on DATABASE_URL or the embedded database.
import { runAdmin } from "./admin-commands/run-admin";
import { runMain } from "./run-main";

runMain(() => runAdmin(process.argv.slice(2)));
