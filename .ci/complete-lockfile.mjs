// Usage: node .ci/complete-lockfile.mjs [package-lock.json]
//
// The npm registry reachable from these machines serves only the Linux builds of platform-specific
// optional packages (@next/swc-*, @tailwindcss/oxide-*, @unrs/resolver-binding-*, …). `npm install`
// therefore writes a package-lock.json without the other platforms' entries, and `npm ci` then refuses
// it: "Missing: @next/swc-darwin-arm64@ from lock file". This adds those entries (exact version plus
// os/cpu/libc taken from the package name), which is what a full registry would have written; npm
// skips them on other platforms without downloading anything. Run it after every `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
const OS = ["aix", "android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32"];
const CPU = ["arm", "arm64", "ia32", "loong64", "mips64el", "ppc64", "riscv64", "s390x", "wasm32", "x64"];

const added = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const top = `node_modules/${name}`;
    const nested = key ? `${key}/node_modules/${name}` : top;
    const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec);
    // Present already (a top-level copy of another version only counts as a conflict for exact specs).
    if (lock.packages[nested] || (lock.packages[top] && !(exact && lock.packages[top].version !== spec))) continue;
    const tokens = name.split("/").pop().split("-");
    const os = tokens.find((t) => OS.includes(t));
    const cpu = tokens.find((t) => CPU.includes(t));
    if (!os && !cpu) continue; // not a platform build: a genuinely missing package, leave it to npm
    if (!exact) throw new Error(`${name}: optional spec ${spec} is not an exact version; add it by hand`);
    const libc = tokens.some((t) => t.startsWith("musl")) ? "musl" : tokens.some((t) => t.startsWith("gnu")) ? "glibc" : undefined;
    const place = lock.packages[top] ? nested : top;
    // Keys in the order npm writes them; dev/devOptional/peer follow the package that asks for it.
    lock.packages[place] = {
      version: spec,
      ...(cpu && { cpu: [cpu] }),
      ...(entry.dev && { dev: true }),
      ...(libc && { libc: [libc] }),
      optional: true,
      ...(os && { os: [os] }),
      ...(entry.peer && { peer: true }),
    };
    added.push(`${place}@${spec}`);
  }
}

// npm keeps the root ("") first and the rest sorted.
const [root, ...rest] = Object.keys(lock.packages);
lock.packages = Object.fromEntries(
  [root, ...rest.sort((a, b) => a.localeCompare(b, "en"))].map((k) => [k, lock.packages[k]]),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(added.length ? `Added ${added.length} lock entries:\n  ${added.join("\n  ")}` : "Nothing to add.");
