// What each file imports as values (not `import type`, not `{ type X }`), read with the TypeScript compiler's own
// parser: repository files resolved to their paths, packages by name. Used by test/house/client-imports.test.ts,
// which keeps server code out of the browser's bundles.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { listScannedSources, repoRoot, resolveSpecifier } from "./import-graph";

export interface ValueImports {
  files: string[];
  packages: string[];
}

let known: Set<string> | undefined;

/** The repository file (repository-relative) an import names, or null for a package. */
function resolve(fromFile: string, specifier: string): string | null {
  known ??= new Set(listScannedSources());
  const target = resolveSpecifier(path.join(repoRoot, fromFile), specifier, known);
  return target && path.relative(repoRoot, target);
}

/** True when the declaration brings in a value at run time (side-effect imports and re-exports included). */
function importsAValue(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((e) => !e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  return !bindings || ts.isNamespaceImport(bindings) || bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

const cache = new Map<string, ValueImports>();

/** The value imports of one repository file (repository-relative path). */
export function valueImportsOf(file: string): ValueImports {
  const known = cache.get(file);
  if (known) return known;
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const result: ValueImports = { files: [], packages: [] };
  const add = (specifier: string) => {
    const target = resolve(file, specifier);
    if (target) result.files.push(target);
    else if (!specifier.startsWith(".") && !specifier.startsWith("@/")) result.packages.push(specifier);
  };
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (importsAValue(statement)) add(statement.moduleSpecifier.text);
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  cache.set(file, result);
  return result;
}

/** True when the file starts with the "use client" directive. */
export function isClientModule(file: string): boolean {
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  return /^(\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*["']use client["']/.test(text);
}
