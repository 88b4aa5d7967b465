// The expand/contract rule (docs/operations/upgrades.md): a migration runs while the previous release's code still
// serves, so it may add (nullable or defaulted columns, tables, indexes) but not take away or tighten what that
// code uses. Dropping, renaming, tightening and retyping come in a later release than the code that stopped using
// it, as a "contract" migration that says so: a line `// contract: <what the previous release no longer uses>`.

export const RULE =
  "A migration must be tolerated by the previous release's code, which still runs during the upgrade: add nullable (or defaulted) columns, tables and indexes; never drop, rename, retype or make NOT NULL in the release whose code stops using the old shape. Do that in a later release, in a migration marked `// contract: <why the previous release no longer uses it>` (docs/operations/upgrades.md).";

const BREAKING: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|VIEW|FUNCTION|TYPE|SCHEMA)\b/i, "drops"],
  [/\bRENAME\b/i, "renames"],
  [/\bSET\s+NOT\s+NULL\b/i, "makes a column NOT NULL"],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, "changes a column's type"],
  [/\bADD\s+COLUMN\s+(?:(?!,|\bDEFAULT\b).)*\bNOT\s+NULL\b(?![^,]*\bDEFAULT\b)/is, "adds a NOT NULL column without a default"],
];

/** What the `up` of a migration's source does that the previous release's code may not tolerate; [] if marked contract. */
export function breakingChanges(source: string): string[] {
  if (/^\s*\/\/\s*contract:\s*\S/m.test(source)) return [];
  const up = /export\s+async\s+function\s+up\b([\s\S]*?)(?=export\s+async\s+function\s+down\b|$)/.exec(source)?.[1] ?? "";
  const code = up.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
  return BREAKING.filter(([pattern]) => pattern.test(code)).map(([, what]) => what);
}
