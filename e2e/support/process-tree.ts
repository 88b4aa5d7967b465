import { readdirSync, readFileSync } from "node:fs";

/** /proc/<pid>/stat's state and parent pid; null when the process is gone. Linux only, as the CI runners are. */
function stat(pid: number): { state: string; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state = "", ppid] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Whether `pid` still runs (a zombie waiting to be reaped has ended). */
export function isRunning(pid: number): boolean {
  const s = stat(pid);
  return s !== null && s.state !== "Z";
}

/** Every process started under `pid`, at any depth, whatever process group or session it moved to. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    const child = Number(entry);
    const s = Number.isInteger(child) ? stat(child) : null;
    if (s) parents.set(child, s.ppid);
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** The command line of `pid`, its arguments joined by spaces ("" when it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}
