// npm run admin -- <command> [options]: administration from the shell, on DATABASE_URL or the embedded database.
import { openDatabase } from "@/db/connect";
import { migrateDatabase } from "@/db/migrate-database";
import { type FieldErrors, DomainError, ValidationFailed } from "@/lib/errors";
import { commands } from "./admin-commands/commands";
import { UsageError } from "./admin-commands/usage-error";
import { runMain } from "./run-main";

const USAGE_EXIT = 2;

function help(): string {
  return ["Usage: npm run admin -- <command> [options]", "", "Commands:", ...Object.values(commands).map((c) => `  ${c.usage}`)].join("\n");
}

function flatten(fields: FieldErrors, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((m) => `  ${prefix}${key}: ${m}`) : flatten(value, `${prefix}${key}.`),
  );
}

runMain(async () => {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command: ${name}\n\n` : ""}${help()}\n`);
    return name === "help" || name === "--help" ? 0 : USAGE_EXIT;
  }
  const database = await openDatabase({ adoptOrphan: false });
  try {
    await migrateDatabase(database.db, database.url);
    const output = await command.run({ db: database.db }, args);
    const { lines, exitCode } = Array.isArray(output) ? { lines: output, exitCode: 0 } : output;
    process.stdout.write(lines.map((l) => l + "\n").join(""));
    return exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nUsage: npm run admin -- ${command.usage}\n`);
      return USAGE_EXIT;
    }
    if (error instanceof ValidationFailed) {
      process.stderr.write(`Invalid arguments:\n${flatten(error.fields).join("\n")}\nUsage: npm run admin -- ${command.usage}\n`);
      return USAGE_EXIT;
    }
    if (error instanceof DomainError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
});
