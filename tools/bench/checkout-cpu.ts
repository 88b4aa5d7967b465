// CPU time used by what the bench started: the app's node processes and the embedded PostgreSQL's, read from
// Linux's /proc (100 ticks a second). Other helpers' processes on the same machine are not counted.
import { readdirSync, readFileSync } from "node:fs";

export interface CpuTime {
  app: number;
  db: number;
}

/** CPU ms used so far by the node (and next-server) and postgres processes descending from this one (this one left out), and by their exited children. */
export function cpuOfDescendants(): CpuTime {
  const stats = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
        // Its own user and system time and its exited children's it has reaped: a database backend whose
        // connection closes during a step moves its CPU into the postmaster's, rather than out of the sum.
        const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
        return [{ pid: Number(pid), comm, ppid: Number(fields[1]), ms: ticks * 10 }];
      } catch {
        return []; // it exited meanwhile
      }
    });
  const children = new Map<number, typeof stats>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const total: CpuTime = { app: 0, db: 0 };
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.comm === "postgres") total.db += child.ms;
      // `next start` (the framework floor) renames its process next-server.
      else if (child.comm.startsWith("node") || child.comm.startsWith("next-server")) total.app += child.ms;
      visit(child.pid);
    }
  };
  visit(process.pid);
  return total;
}
