import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

const ERROR_LINE = /"level":(50|60)|⨯|unhandled|uncaught/i;

export interface LogEntry {
  level: number;
  time: number;
  msg: string;
}

/**
 * Reads a process's output line by line: every line that looks like an error (error or fatal log entries,
 * Next.js's ⨯, uncaught) goes to `errors`, and each JSON log entry is handed to `onEntry`.
 */
export function watchLog(child: ChildProcess, onEntry?: (entry: LogEntry) => void): { errors: string[] } {
  const errors: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (ERROR_LINE.test(line)) errors.push(line);
      if (onEntry && line.startsWith("{")) {
        try {
          onEntry(JSON.parse(line) as LogEntry);
        } catch {
          // not a log entry after all
        }
      }
    });
  }
  return { errors };
}
