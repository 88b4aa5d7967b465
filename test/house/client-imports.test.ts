import path from "node:path";
import { describe, expect, it } from "vitest";
import { listScannedSources, repoRoot } from "../support/import-graph";
import { isClientModule, valueImportsOf } from "../support/value-imports";

// What a client component imports as a value is bundled for the browser, with everything that module imports in
// turn. A value taken from a server verb's module (its form's blank values, a size limit) once shipped that verb's
// whole tree to the panel: zod, the API key code and a Buffer polyfill, 600 KB of scripts on the API keys page.
// So no client component may reach, through value imports, the data layer or a module made for the server only.

const SERVER_PACKAGES = /^(node:|pg$|pg-|kysely|server-only$|graphile-worker|pino|crypto$|fs$|path$|child_process$|stream$)/;

/** The first chain of value imports from `start` to the data layer or a server-only package, or null. */
function serverReach(start: string): string[] | null {
  const previous = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    const { files, packages } = valueImportsOf(file);
    const server = file.startsWith(`db${path.sep}`) ? file : packages.find((name) => SERVER_PACKAGES.test(name));
    if (server) {
      const chain = [server === file ? file : `${file} → ${server}`];
      for (let at = previous.get(file); at; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of files) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

const clientModules = listScannedSources()
  .map((file) => path.relative(repoRoot, file))
  .filter((file) => /^(app|components)\//.test(file) && isClientModule(file));

describe("client components", () => {
  it("are found", () => {
    expect(clientModules).toContain(path.join("components", "admin", "create-api-key-form.tsx"));
    expect(clientModules.length).toBeGreaterThan(20);
  });

  it("reach neither the data layer nor a server-only package through what they import as values", () => {
    const reaches = clientModules.map((file) => serverReach(file)).filter((chain) => chain !== null);
    expect(reaches.map((chain) => chain.join(" → "))).toEqual([]);
  });

  it("the check sees a server verb's tree and tells type imports apart", () => {
    // The form verb itself reaches the data layer: what the client form once imported a value from.
    expect(serverReach(path.join("lib", "panel", "admin", "create-api-key-form.ts"))).not.toBeNull();
    // The client form imports that module for a type only.
    expect(valueImportsOf(path.join("components", "admin", "create-api-key-form.tsx")).files).not.toContain(
      path.join("lib", "panel", "admin", "create-api-key-form.ts"),
    );
  });
});
