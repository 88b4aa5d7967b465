// npm run bench:compare -- --base <commit> [--rounds 2] [--rate 20] [--mode one|two] [--duration 60] [--no-build]:
// the full checkout of an older build against this tree's, in the same hour. On this host the CPU a checkout costs
// moves by a fifth or more from one half-hour to the next, for the same code (docs/performance.md, stops 56 and 57),
// so two runs at different times cannot tell a change of a few milliseconds. This runs the two builds in turn
// (base, this tree, base, this tree …), each as `npm run bench -- --only=checkout` at one rate and in one layout,
// and prints each run's CPU per checkout and the medians.
// The base is checked out as a git worktree under .data/compare/ (kept for the next comparison; `git worktree
// remove` takes it away), with this tree's node_modules linked in (hard links) and its own bench build (made once;
// --no-build uses this tree's existing one, as the bench does).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "./bench/app";
import { type StepRow, stepRows } from "./bench/checkout-step-row";
import { runMain } from "../server/run-main";

const { values: flags } = parseArgs({
  options: {
    base: { type: "string" },
    rounds: { type: "string", default: "2" },
    rate: { type: "string", default: "20" },
    mode: { type: "string", default: "one" },
    duration: { type: "string", default: "60" },
    "no-build": { type: "boolean", default: false },
  },
});
const rounds = Number(flags.rounds);
const rate = Number(flags.rate);
if (!flags.base) throw new Error("--base names the commit to compare with (e.g. --base HEAD~3).");
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds must be a whole number of at least 1.");
if (!(rate > 0)) throw new Error("--rate takes customers per second.");
if (flags.mode !== "one" && flags.mode !== "two") throw new Error("--mode takes one or two.");

/** Runs `command` in `cwd`, its output shown; throws if it fails. */
function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

const git = (...args: string[]) => spawnSync("git", args, { encoding: "utf8" }).stdout.trim();

/** The base's worktree, made (with node_modules and its bench build) unless it is already there. */
function baseTree(sha: string): string {
  const dir = path.resolve(".data/compare", sha.slice(0, 12));
  if (!existsSync(dir)) run("git", ["worktree", "add", "--detach", dir, sha], process.cwd());
  if (!existsSync(path.join(dir, "node_modules"))) {
    // Hard links: a second copy costs nothing. Next.js's bundler does not follow a symlinked node_modules out of its
    // root, so a link to this tree's folder would not build.
    const linked = spawnSync("cp", ["-al", "node_modules", path.join(dir, "node_modules")], { stdio: "inherit" });
    if (linked.status !== 0) run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], dir);
  }
  buildApp(true, dir);
  return dir;
}

/** One checkout run of the build in `dir` at the rate asked; its step row, or null if it printed none. */
function checkoutRun(dir: string): StepRow | null {
  const args = ["run", "bench", "--", "--no-build", "--only=checkout", `--rates=${rate}`, `--checkout-modes=${flags.mode}`, `--duration=${flags.duration}`];
  // The bench exits non-zero when the step broke: that run's row is still a figure.
  const result = spawnSync("npm", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 });
  return stepRows(result.stdout).find((row) => row.rate === rate) ?? null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const cpuText = (r: StepRow) => `${r.cpu.app} + ${r.cpu.db} + ${r.cpu.driver}`;

runMain(async () => {
  const baseSha = git("rev-parse", "--verify", `${flags.base}^{commit}`);
  if (!baseSha) throw new Error(`${flags.base} is not a commit here.`);
  const builds = [
    { name: `base ${baseSha.slice(0, 7)}`, dir: baseTree(baseSha) },
    { name: `this tree (${flags["no-build"] ? "its last bench build" : git("rev-parse", "--short", "HEAD") + (git("status", "--porcelain") ? ", changed" : "")})`, dir: process.cwd() },
  ];
  buildApp(flags["no-build"]);
  const rows = new Map(builds.map((b) => [b.name, [] as StepRow[]]));
  const lines = ["| round | build | started | checkouts/s | slowest stage p99 ms | dropped | CPU ms/checkout (app + db + driver) |", "|---:|---|---|---:|---:|---:|---:|"];
  for (let round = 1; round <= rounds; round++) {
    for (const build of builds) {
      const started = new Date().toISOString().slice(11, 16);
      process.stderr.write(`Round ${round}/${rounds}: ${build.name} at ${rate} customers/s (${flags.mode}) …\n`);
      const row = checkoutRun(build.dir);
      if (!row) throw new Error(`${build.name}'s run printed no step at ${rate}/s (see its output above).`);
      rows.get(build.name)!.push(row);
      lines.push(`| ${round} | ${build.name} | ${started} UTC | ${row.checkoutsPerSecond}${row.mark === "broke" ? " (broke)" : ""} | ${row.slowestStageP99} | ${row.dropped} | ${cpuText(row)} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    }
  }
  lines.push("", "| build | median CPU ms/checkout (app + db + driver) | median slowest stage p99 ms |", "|---|---:|---:|");
  for (const [name, r] of rows) {
    lines.push(`| ${name} | ${median(r.map((x) => x.cpu.app))} + ${median(r.map((x) => x.cpu.db))} + ${median(r.map((x) => x.cpu.driver))} | ${median(r.map((x) => x.slowestStageP99))} |`);
  }
  process.stdout.write(`\n${lines.join("\n")}\n`);
  return 0;
});
