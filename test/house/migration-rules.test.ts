import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breakingChanges, RULE } from "../support/migration-rules";

// Migrations from this number on keep the rule (the ones before were written for stop-the-world upgrades).
const CHECKED_FROM = "0034";
const dir = path.join(import.meta.dirname, "../../db/migrations");

const up = (body: string) => `export async function up(db) {\n  await sql\`${body}\`.execute(db);\n}\nexport async function down(db) {\n  await sql\`DROP TABLE t\`.execute(db);\n}\n`;

describe("migrations keep the expand/contract rule", () => {
  const checked = readdirSync(dir).filter((f) => /^\d{4}_.*\.ts$/.test(f) && f >= CHECKED_FROM);

  it.each(checked)("%s is tolerated by the previous release's code", (file) => {
    const found = breakingChanges(readFileSync(path.join(dir, file), "utf8"));
    expect(found, `${file} ${found.join(", ")}. ${RULE}`).toEqual([]);
  });

  it.each([
    ["ALTER TABLE t DROP COLUMN c", ["drops"]],
    ["DROP TABLE t", ["drops"]],
    ["ALTER TABLE t RENAME COLUMN a TO b", ["renames"]],
    ["ALTER TABLE t ALTER COLUMN c SET NOT NULL", ["makes a column NOT NULL"]],
    ["ALTER TABLE t ALTER COLUMN c TYPE bigint", ["changes a column's type"]],
    ["ALTER TABLE t ADD COLUMN c text NOT NULL", ["adds a NOT NULL column without a default"]],
    ["ALTER TABLE t ADD COLUMN c text NOT NULL DEFAULT 'x', ADD COLUMN d int", []],
    ["ALTER TABLE t ADD COLUMN c text, ADD CONSTRAINT k CHECK (c <> '') NOT VALID", []],
    ["CREATE TABLE n (id int PRIMARY KEY, c text NOT NULL)", []],
    ["CREATE INDEX CONCURRENTLY i ON t (c)", []],
  ])("finds in `%s`: %j (a down() may drop)", (sqlText, expected) => {
    expect(breakingChanges(up(sqlText))).toEqual(expected);
  });

  it("lets a migration marked as a later release's contract drop what the previous release no longer uses", () => {
    expect(breakingChanges(`// contract: 0040 stopped reading legacy_code in release 12\n${up("ALTER TABLE t DROP COLUMN legacy_code")}`)).toEqual([]);
  });
});
