// npm run admin -- <command> [options]: administration from the shell, on DATABASE_URL or the embedded database.
import { commands } from "./admin-commands/commands";
import { runCommand, USAGE_EXIT } from "./admin-commands/run-command";
import { runMain } from "./run-main";

function help(): string {
  return ["Usage: npm run admin -- <command> [options]", "", "Commands:", ...Object.values(commands).map((c) => `  ${c.usage}`)].join("\n");
}

runMain(async () => {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command: ${name}\n\n` : ""}${help()}\n`);
    return name === "help" || name === "--help" ? 0 : USAGE_EXIT;
  }
  return runCommand(command, args, "npm run admin -- ");
});
