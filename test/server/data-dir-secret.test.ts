import { once } from "node:events";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { spawnForTest } from "../support/child-processes";

const COPIES = 10;

// Two web processes started together on one DATA_DIR generated a session secret each, and one of them read the
// other's file while it was still empty: next-auth refused to run (NO_SECRET), and admin sessions made on one
// web process were not valid on the other. Every process starting at once must end up with the same secret.
it("gives processes that start at the same moment one and the same generated secret", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "data-dir-secret-")), "auth-secret");
  const copies = Array.from({ length: COPIES }, () => {
    const child = spawnForTest("node_modules/.bin/tsx", ["test/fixtures/print-data-dir-secret.ts", file], { stdio: ["pipe", "pipe", "inherit"] });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return { child, output: () => output, exited: once(child, "exit") };
  });
  await expect.poll(() => copies.every((c) => c.output() === "ready\n"), { timeout: 30_000 }).toBe(true);
  for (const { child } of copies) child.stdin!.write("go\n");
  await Promise.all(copies.map((c) => c.exited));

  const secrets = copies.map((c) => c.output().split("\n")[1]);
  expect(new Set(secrets).size).toBe(1);
  expect(secrets[0]).toMatch(/^secret-of-\d+$/);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});
