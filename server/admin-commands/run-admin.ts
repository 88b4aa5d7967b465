import { backupCommand, restoreCommand } from "./backup-commands";
import { commands } from "./commands";
import { type Output, processOutput, runCommand, USAGE_EXIT } from "./run-command";

// Backup and restore open (or make) the database their own way; the others run on a migrated one.
const everyCommand = { ...commands, backup: backupCommand, restore: restoreCommand };

function help(): string {
  return ["Usage: npm run admin -- <command> [options]", "", "Commands:", ...Object.values(everyCommand).map((c) => `  ${c.usage}`)].join("\n");
}

/**
 * `npm run admin -- <argv>`: the named command's lines on `output`, or the usage (exit 2 for an unknown or missing
 * command, 0 for help). Returns the exit code. Tests call it in their own process with an output of their own.
 */
export async function runAdmin(argv: string[], output: Output = processOutput): Promise<number> {
  const [name, ...args] = argv;
  const command = name && Object.hasOwn(everyCommand, name) ? everyCommand[name as keyof typeof everyCommand] : undefined;
  if (!command) {
    output.stderr(`${name ? `Unknown command: ${name}\n\n` : ""}${help()}\n`);
    return name === "help" || name === "--help" ? 0 : USAGE_EXIT;
  }
  return runCommand(command, args, "npm run admin -- ", output);
}
