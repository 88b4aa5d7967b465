import { openDatabase } from "@/server/open-database";
import { migrateDatabase } from "@/db/migrate-database";
import { type FieldErrors, DomainError, ValidationFailed } from "@/lib/core/errors";
import type { DatabaseFreeCommand } from "./backup-commands";
import type { Command, CommandOutput } from "./commands";
import { UsageError } from "./usage-error";

export const USAGE_EXIT = 2;

/** Where a command writes: the process's streams, or (in tests) a buffer of the caller's. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processOutput: Output = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

function flatten(fields: FieldErrors, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((m) => `  ${prefix}${key}: ${m}`) : flatten(value, `${prefix}${key}.`),
  );
}

/**
 * Runs one command on DATABASE_URL or the embedded database (migrated first): its lines on stdout; a usage or
 * argument error on stderr with `usagePrefix` + its usage (exit 2); a domain error's message (exit 1). Returns the
 * exit code. The admin CLI (server/admin.ts) and the seeding tool (tools/seed-transactions.ts) run commands this way.
 */
export async function runCommand(command: Command | DatabaseFreeCommand, args: string[], usagePrefix: string, output: Output = processOutput): Promise<number> {
  // A command that opens (or makes) a database its own way (backup, restore) is handed its arguments alone.
  const database = "withoutDatabase" in command ? null : await openDatabase({ adoptOrphan: false });
  try {
    const result: CommandOutput =
      "withoutDatabase" in command
        ? await command.run(args)
        : await migrateDatabase(database!.db, database!.url).then(() => command.run({ db: database!.db }, args));
    const { lines, exitCode } = Array.isArray(result) ? { lines: result, exitCode: 0 } : result;
    output.stdout(lines.map((l) => l + "\n").join(""));
    return exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      output.stderr(`${error.message}\nUsage: ${usagePrefix}${command.usage}\n`);
      return USAGE_EXIT;
    }
    if (error instanceof ValidationFailed) {
      output.stderr(`Invalid arguments:\n${flatten(error.fields).join("\n")}\nUsage: ${usagePrefix}${command.usage}\n`);
      return USAGE_EXIT;
    }
    if (error instanceof DomainError) {
      output.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}
