// The repository's import graph, read with the TypeScript compiler's own import scanner (ts.preProcessFile: static
// imports, `export … from`, dynamic `import()`, `import type`). Used by test/house/import-graph.test.ts, which keeps
// imports one way and free of circles (docs/architecture.md, "Rules of the house").
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const repoRoot = path.resolve(__dirname, "..", "..");

const scannedFolders = ["app", "components", "lib", "db", "inngest", "server", "tools", "test", "e2e"];
const scannedRootFiles = ["proxy.ts", "next.config.mjs", "playwright.config.ts"];

function listSources(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
}

/** The repository file an import names (absolute paths; `known` holds the scanned sources), or null for a package. */
export function resolveSpecifier(fromFile: string, specifier: string, known: Set<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(repoRoot, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null; // a package
  const stripped = base.replace(/\.(js|mjs|cjs)$/, "");
  for (const candidate of [base, `${stripped}.ts`, `${stripped}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Every scanned source file, as an absolute path. */
export function listScannedSources(): string[] {
  const files: string[] = [];
  for (const folder of scannedFolders) {
    const dir = path.join(repoRoot, folder);
    if (fs.existsSync(dir)) listSources(dir, files);
  }
  for (const file of scannedRootFiles) {
    const full = path.join(repoRoot, file);
    if (fs.existsSync(full)) files.push(full);
  }
  return files;
}

/** Repository-relative file → repository-relative files it imports (only files inside the scanned folders). */
export function buildImportGraph(): Map<string, string[]> {
  const files = listScannedSources();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      const target = resolveSpecifier(file, fileName, known);
      if (target && target !== file) targets.add(path.relative(repoRoot, target));
    }
    graph.set(path.relative(repoRoot, file), [...targets].sort());
  }
  return graph;
}

/** Every strongly connected component with more than one member (or a self-loop): each is an import circle. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

/** `lib/<area>` for a file in lib/ (a file directly in lib/ is its own area), else null. */
export function libAreaOf(file: string): string | null {
  const parts = file.split(path.sep);
  if (parts[0] !== "lib" || parts.length < 2) return null;
  return `lib/${parts[1]}`;
}

/** The lib area graph: area → areas its files import (edges within one area left out). */
export function buildLibAreaGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const areas = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = libAreaOf(file);
    if (!from) continue;
    if (!areas.has(from)) areas.set(from, new Set());
    for (const target of targets) {
      const to = libAreaOf(target);
      if (to && to !== from) areas.get(from)!.add(to);
    }
  }
  return new Map([...areas].map(([area, targets]) => [area, [...targets].sort()]));
}

/** One example path of each cycle, for a readable failure: a → b → … → a. */
export function describeCycle(graph: Map<string, string[]>, members: string[]): string {
  const inCycle = new Set(members);
  const start = members[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!inCycle.has(next)) continue;
      if (next === start) {
        const trail = [node];
        while (trail[0] !== start) trail.unshift(previous.get(trail[0]!)!);
        return [...trail, start].join(" → ");
      }
      if (!seen.has(next)) {
        seen.add(next);
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return members.join(", ");
}
