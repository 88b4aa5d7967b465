import { once } from "node:events";
import { expect, it } from "vitest";
import { spawnForTest } from "../support/child-processes";

const PROBE = ["--import", "tsx", "test/fixtures/stop-signals-probe.ts"];

/** The probe (test/fixtures/stop-signals-probe.ts) once it is ready; its output so far and its exit. */
async function probe(command = process.execPath, args = PROBE) {
  const child = spawnForTest(command, args, { stdio: ["ignore", "pipe", "inherit"] });
  const log = { output: "" };
  child.stdout!.on("data", (chunk: Buffer) => (log.output += chunk.toString()));
  const exited = once(child, "exit");
  await expect.poll(() => log.output, { timeout: 30_000 }).toContain("ready");
  return { child, log, exited, lines: () => log.output.trim().split("\n") };
}

// A SIGINT within SECOND_CTRL_C_AFTER_MS of the first is the same Ctrl-C (npm's copy of the terminal's): that
// case depends on timing, so it is left to e2e/service-stop.spec.ts, where npm really sends both.
it("takes a later SIGINT as a second Ctrl-C: stop now", async () => {
  const { child, exited, lines } = await probe();
  child.kill("SIGTERM");
  await expect.poll(lines, { timeout: 10_000 }).toContain("window over");
  child.kill("SIGINT");
  await exited;
  expect(lines()).toEqual(["ready", "got SIGTERM", "requested SIGTERM", "window over", "got SIGINT", "now"]);
}, 60_000);

it("takes SIGHUP (the terminal window closed) as a stop, not as the end of the process", async () => {
  const { child, lines } = await probe();
  child.kill("SIGHUP");
  await expect.poll(lines, { timeout: 10_000 }).toEqual(["ready", "got SIGHUP", "requested SIGHUP"]);
  child.kill("SIGKILL");
}, 60_000);

it("stops when its parent process is gone (npm killed: nobody would signal it again)", async () => {
  // sh stands for npm: killed outright, it leaves the probe to init.
  const { child, exited, lines } = await probe("sh", ["-c", `"${process.execPath}" ${PROBE.join(" ")} & wait`]);
  child.kill("SIGKILL");
  await exited;
  await expect.poll(lines, { timeout: 10_000 }).toContain("requested parent process gone");
}, 60_000);
