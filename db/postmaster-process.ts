import { existsSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Whether `pid` (postmaster.pid's first line) is a PostgreSQL server that is running. kill(pid, 0) alone is not
 * enough: a server SIGKILLed a moment ago (a crash of the whole app) is a zombie until it is reaped, and after a
 * crash or a reboot its pid may belong to another program. Neither is a server to adopt, and a lock file naming
 * them is stale. Where /proc is missing (not Linux), kill(pid, 0) is all there is to ask.
 */
export function isPostgresRunning(pid: number): boolean {
  if (!existsSync("/proc/self/stat")) return answersSignals(pid);
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; the command name may hold spaces or parentheses, the state follows the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return false;
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

function answersSignals(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// postmaster.pid holds the server's pid on line 1 and its port on line 4 while it runs.
export async function findRunningServer(clusterDir: string): Promise<{ pid: number; port: number } | null> {
  // Read at once, not checked first: a restarting server removes and writes the file again in between.
  const text = await fs.readFile(path.join(clusterDir, "postmaster.pid"), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (text === null) return null;
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isPostgresRunning(pid)) return null;
  return { pid, port };
}
