import { readFileSync, readdirSync, writeFileSync } from "node:fs";
function ticks() {
  const out = { chromium: 0, app: 0, pw: 0, pg: 0, other: 0 };
  for (const p of readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8");
      const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      const t = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      const k = cmd.includes("chromium") ? "chromium" : cmd.includes("server/serve.ts") ? "app" : cmd.includes("playwright") ? "pw" : cmd.includes("postgres") ? "pg" : "other";
      out[k] += t;
    } catch {}
  }
  return out;
}
export default class CpuReporter {
  rows = []; starts = new Map();
  onTestBegin(test) { this.starts.set(test.id, ticks()); }
  onTestEnd(test, result) {
    const a = this.starts.get(test.id), b = ticks();
    const d = {}; for (const k in b) d[k] = (b[k] - a[k]) * 10;
    this.rows.push({ file: test.location.file.split("/").pop(), title: test.title, project: test.parent.project()?.name, ms: result.duration, ...d });
  }
  onEnd() { writeFileSync("/tmp/s40/cpu-per-test.json", JSON.stringify(this.rows)); }
}
