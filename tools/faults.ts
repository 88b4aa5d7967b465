// npm run faults [-- <experiment> …]: the reliability experiments of docs/reliability.md against the production
// build (run `npm run build` first). Each prints its figures; the command exits 1 when an invariant broke.
import { backupRestore } from "./faults/backup-restore";
import { crashMidPayment } from "./faults/crash-mid-payment";
import { databaseOutage } from "./faults/database-outage";
import { requireBuild } from "./faults/fault-app";
import { hostileInput } from "./faults/hostile-input";
import { severalProcesses } from "./faults/several-processes";
import { slowReceivers } from "./faults/slow-receivers";
import { steadyLoad } from "./faults/steady-load";
import { upgrade } from "./faults/upgrade";
import { webhookThroughput } from "./faults/webhook-throughput";

// `--from <ref>`: the release the upgrade experiment starts from.
const args = process.argv.slice(2);
const fromAt = args.indexOf("--from");
const upgradeFrom = fromAt >= 0 ? args.splice(fromAt, 2)[1] : undefined;

const EXPERIMENTS: Record<string, () => Promise<string[]>> = {
  "database-outage-embedded": () => databaseOutage("embedded"),
  "database-outage-external": () => databaseOutage("external"),
  "crash-mid-payment": crashMidPayment,
  "slow-receivers": slowReceivers,
  "webhook-throughput": webhookThroughput,
  "several-processes": severalProcesses,
  "steady-load": steadyLoad,
  "hostile-input": hostileInput,
  "backup-restore": backupRestore,
  upgrade: () => upgrade(upgradeFrom),
};

async function main() {
  process.chdir(`${__dirname}/..`);
  const chosen = args;
  const unknown = chosen.filter((name) => !(name in EXPERIMENTS));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown experiment(s): ${unknown.join(", ")}. Known: ${Object.keys(EXPERIMENTS).join(", ")}.\n`);
    process.exit(2);
  }
  requireBuild();
  const report: string[] = [];
  for (const name of chosen.length > 0 ? chosen : Object.keys(EXPERIMENTS)) {
    process.stderr.write(`\n=== ${name} ===\n`);
    report.push(...(await EXPERIMENTS[name]!()), "");
  }
  process.stdout.write(report.join("\n") + "\n");
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
