import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { findCycles } from "../support/import-graph";

// The import checks can fail: the cycle finder on a made-up graph with a circle, and ESLint's per-area rules
// (eslint.config.mjs) on a file that imports against them, linted as if it sat where it is named.

describe("the import checks catch what they are for", () => {
  it("finds a circle of three files, and a file importing itself", () => {
    const graph = new Map([
      ["lib/a.ts", ["lib/b.ts"]],
      ["lib/b.ts", ["lib/c.ts"]],
      ["lib/c.ts", ["lib/a.ts"]],
      ["lib/d.ts", ["lib/d.ts"]],
      ["lib/e.ts", ["lib/a.ts"]],
    ]);
    expect(findCycles(graph).map((members) => [...members].sort())).toEqual(
      expect.arrayContaining([["lib/a.ts", "lib/b.ts", "lib/c.ts"], ["lib/d.ts"]]),
    );
    expect(findCycles(graph)).toHaveLength(2);
  });

  const eslint = new ESLint();
  const ruleErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  };

  it.each([
    ["db/queries/bad.ts", 'import { env } from "@/lib/core/env";\nexport const x = env;\n', /db\/ imports nothing from lib\//],
    ["lib/core/bad.ts", 'import { x } from "@/lib/checkout/payments/start-payment";\nexport const y = x;\n', /lib\/core sits below lib\/checkout/],
    ["lib/checkout/bad.ts", 'import { x } from "@/lib/legacy/page-fields";\nexport const y = x;\n', /never imports the legacy adapter/],
    ["lib/delivery/bad.ts", 'import { x } from "@/server/serve";\nexport const y = x;\n', /lib\/ is below the HTTP layer/],
    ["app/bad.ts", 'import { x } from "@/tools/shared/processes";\nexport const y = x;\n', /tool|bench|test/i],
  ])("ESLint refuses %s importing against the rules", async (filePath, code, message) => {
    const errors = await ruleErrors(filePath, code);
    expect(errors.some((m) => message.test(m)), errors.join("\n")).toBe(true);
  });

  it("lets the same kind of import through where the rules allow it", async () => {
    expect(await ruleErrors("lib/checkout/fine.ts", 'import { env } from "@/lib/core/env";\nexport const y = env;\n')).toEqual([]);
  });
});
