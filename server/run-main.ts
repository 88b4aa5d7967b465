import { DatabaseUnreachable } from "@/server/open-database";

/** What a script prints when its main fails: one clear line for an expected failure, else the stack trace. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof DatabaseUnreachable || /embedded PostgreSQL|Invalid environment/.test(message);
  return `${known ? message : (error as Error)?.stack ?? message}\n`;
}

/** Runs a script's main and exits with its code (1 when it fails, saying why). */
export function runMain(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      process.stderr.write(describeFailure(error));
      process.exit(1);
    },
  );
}
