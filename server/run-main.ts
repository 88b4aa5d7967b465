import { DatabaseUnreachable } from "@/server/open-database";

/** Runs a script's main; expected failures print one clear line instead of a stack trace. */
export function runMain(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const known = error instanceof DatabaseUnreachable || /embedded PostgreSQL|Invalid environment/.test(message);
      process.stderr.write(`${known ? message : (error as Error)?.stack ?? message}\n`);
      process.exit(1);
    },
  );
}
