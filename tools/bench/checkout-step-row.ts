// One row of the full-checkout bench's step table (checkout-report.ts), read back from its printed output: what
// `npm run bench:compare` compares between two builds. The table's columns have been the same since the bench's
// first release of it (6b7776b), so an older build's output reads the same way.

export interface StepRow {
  rate: number;
  /** "sustained", "broke" or "" (a clean step below the sustained one). */
  mark: string;
  checkoutsPerSecond: number;
  slowestStageP99: number;
  dropped: number;
  /** CPU ms per completed checkout: the app's node processes, PostgreSQL, the bench's own driver. */
  cpu: { app: number; db: number; driver: number };
}

const ROW = /^\|\s*(\d+(?:\.\d+)?)(?:\s+\((sustained|broke)\))?\s*\|/;
const CPU = /^(\d+)\s*\+\s*(\d+)\s*\+\s*(\d+)$/;

/** The step rows found in `output` (a bench run's stdout), in their order; other lines are skipped. */
export function stepRows(output: string): StepRow[] {
  const rows: StepRow[] = [];
  for (const line of output.split("\n")) {
    const head = ROW.exec(line);
    if (!head) continue;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    const cpu = cells.length === 12 ? CPU.exec(cells[9]!) : null;
    if (!cpu) continue;
    rows.push({
      rate: Number(head[1]),
      mark: head[2] ?? "",
      checkoutsPerSecond: Number(cells[1]),
      slowestStageP99: Number(cells[3]),
      dropped: Number(cells[6]),
      cpu: { app: Number(cpu[1]), db: Number(cpu[2]), driver: Number(cpu[3]) },
    });
  }
  return rows;
}
