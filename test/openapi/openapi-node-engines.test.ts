import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The Node.js versions package.json's `engines` promises are those every installed package accepts, and the Node.js
// running the tests is one of them. A dependency bump that asks for a newer Node.js (npm then prints EBADENGINE
// warnings on install, as the API reference's packages did for Node 22) fails here. Named openapi-* with the
// reference's other tests: its packages were the ones asking for more.

const root = path.resolve(__dirname, "../..");

type Manifest = { name?: string; version?: string; engines?: { node?: unknown } };

const readManifest = (dir: string): Manifest | null => {
  try {
    return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    return null; // not a package (a stray folder, a broken optional install)
  }
};

/** Every installed package (scoped and nested ones included) with the `engines.node` it declares. */
function installedEngines(): { id: string; node: unknown }[] {
  const found: { id: string; node: unknown }[] = [];
  const visitModules = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith(".")) continue; // .bin, .package-lock.json, .cache
      const full = path.join(dir, entry);
      if (entry.startsWith("@")) for (const scoped of readdirSync(full)) visitPackage(path.join(full, scoped));
      else visitPackage(full);
    }
  };
  const visitPackage = (dir: string) => {
    const manifest = readManifest(dir);
    if (!manifest) return;
    if (manifest.engines?.node !== undefined) {
      found.push({ id: `${path.relative(root, dir)} (${manifest.name}@${manifest.version})`, node: manifest.engines.node });
    }
    visitModules(path.join(dir, "node_modules"));
  };
  visitModules(path.join(root, "node_modules"));
  return found;
}

describe("Node.js version", () => {
  const supported = (readManifest(root)?.engines?.node ?? "") as string;

  it("package.json declares the Node.js versions it supports, Node 20 among them, and this one", () => {
    expect(semver.validRange(supported), `engines.node ${JSON.stringify(supported)}`).toBeTruthy();
    expect(semver.minVersion(supported)?.major).toBe(20);
    expect(semver.satisfies(process.version, supported), `${process.version} is not in ${supported}`).toBe(true);
  });

  it("every installed package accepts every Node.js version package.json declares", () => {
    const engines = installedEngines();
    expect(engines.length).toBeGreaterThan(100); // node_modules was found and read
    const refusing = engines
      .filter(({ node }) => typeof node !== "string" || !semver.validRange(node) || !semver.subset(supported, node))
      .map(({ id, node }) => `${id} wants node ${JSON.stringify(node)}`);
    expect(refusing, `not every version of ${supported} is accepted`).toEqual([]);
  });
});
