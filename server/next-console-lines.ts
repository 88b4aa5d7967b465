import { format, stripVTControlCharacters } from "node:util";
import { logger } from "@/lib/core/log/logger";

type ConsoleMethod = "log" | "info" | "warn" | "error";
const LEVELS: Record<ConsoleMethod, "info" | "warn" | "error"> = { log: "info", info: "info", warn: "warn", error: "error" };

/**
 * Runs `work` (Next.js preparing its server) with the console's lines sent through our logger. Next.js prints a few
 * of its own as it starts ("✓ Running next.config.mjs took 41ms"), which would otherwise be the only lines of a JSON
 * log that are not JSON. Its status mark (✓, ⚠, ⨯) is dropped: the level says it; blank lines are dropped.
 */
export async function withNextLinesLogged<T>(work: () => Promise<T>): Promise<T> {
  const methods = Object.keys(LEVELS) as ConsoleMethod[];
  const originals = methods.map((method) => [method, console[method]] as const);
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      const line = stripVTControlCharacters(format(...args)).replace(/^\s*[✓⚠⨯○▲]\s*/u, "").trim();
      if (line) logger[LEVELS[method]]({ source: "next.js" }, line);
    };
  }
  try {
    return await work();
  } finally {
    for (const [method, original] of originals) console[method] = original;
  }
}
