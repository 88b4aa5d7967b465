import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parseEnv } from "@/lib/core/env";

// .env.example lists every variable lib/core/env.ts parses, with its default: this fails when a variable is added to
// (or removed from) lib/core/env.ts without the example, or when an example value is not the default.

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The variables lib/core/env.ts's schema parses: its object's keys, written in capitals. */
function parsedVariables(): string[] {
  const source = read("lib/core/env.ts");
  const body = source.slice(source.indexOf("z\n  .object({"), source.indexOf("  })\n  .transform("));
  return [...body.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** The example's assignments, in order. */
function exampleLines(): [string, string][] {
  return read(".env.example")
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

it("lists every variable lib/core/env.ts parses, and nothing else", () => {
  const parsed = parsedVariables();
  expect(parsed.length).toBeGreaterThan(40);
  expect(parsed).toContain("DATABASE_URL");
  const listed = exampleLines().map(([name]) => name);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual([...parsed].sort());
});

it("gives each variable its default: parsed, the example is the empty environment", () => {
  expect(parseEnv(Object.fromEntries(exampleLines()))).toEqual(parseEnv({}));
});

it("says what each variable is, on the line above it", () => {
  const lines = read(".env.example").split("\n");
  lines.forEach((line, i) => {
    if (/^[A-Z][A-Z0-9_]*=/.test(line)) expect(lines[i - 1], line).toMatch(/^# \S/);
  });
});
