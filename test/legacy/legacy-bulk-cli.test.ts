import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { csv, startBulk } from "../support/legacy-bulk";
import { runAdminCli } from "../support/run-script";

// `npm run admin -- bulk-payment-requests --file F [--as USERNAME]`: the upload from the shell, its summary
// and its exit code.

const api = await startBulk();
const folder = await mkdtemp(path.join(tmpdir(), "legacy-bulk-cli-"));
async function file(name: string, lines: string[]): Promise<string> {
  const where = path.join(folder, name);
  await writeFile(where, csv(lines));
  return where;
}

describe("bulk-payment-requests", () => {
  it("creates the valid rows, prints them and the invalid lines, exits 1; run again, it creates nothing twice", async () => {
    const f = await file("mixed.csv", ["amount,currency_code,customer_email,order_no", "10,KWD,a@example.com,CLI-1", "0,KWD,b@example.com,CLI-2"]);
    const first = await runAdminCli("bulk-payment-requests", "--file", f);
    expect(first.code, first.stderr).toBe(1);
    const [summary, ...rest] = first.stdout.trimEnd().split("\n");
    expect(summary).toMatch(/^Bulk [0-9a-f]{32} \(mixed\.csv\): 2 rows, 1 created, 0 already created, 1 invalid\.$/);
    expect(rest[0]).toBe("Created:");
    expect(rest[1]).toMatch(/^ {2}line 2\t[0-9a-f]{40}\thttp:\/\/localhost:9\/b\/checkout\/redirect\/start\/\?session_id=[0-9a-f]{40}$/);
    expect(rest[2]).toBe("Invalid lines (nothing created for them):");
    expect(rest[3]).toMatch(/^ {2}line 3: amount: /);

    const bulkId = summary!.split(" ")[1]!;
    const rows = await api.bulkRows(bulkId);
    // Without --as: the first superuser created acts and initiates.
    expect(rows).toEqual([expect.objectContaining({ order_no: "CLI-1", created_by_user_id: api.uploader.id })]);

    const again = await runAdminCli("bulk-payment-requests", "--file", f);
    expect(again.stdout).toContain("2 rows, 0 created, 1 already created, 1 invalid.");
    expect(await api.bulkRows(bulkId)).toHaveLength(1);
  });

  it("exits 0 when every row was created, acting as the user named by --as", async () => {
    const f = await file("good.csv", ["amount,currency_code,customer_email", "10,KWD,c@example.com"]);
    // clerk may create, with the gateway `card` only: the row offers that gateway alone.
    const result = await runAdminCli("bulk-payment-requests", "--file", f, "--as", "clerk");
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("1 rows, 1 created, 0 already created, 0 invalid.");
    const sessionId = result.stdout.match(/line 2\t([0-9a-f]{40})/)![1]!;
    const clerk = await api.ctx.db.selectFrom("admin_users").select("id").where("username", "=", "clerk").executeTakeFirstOrThrow();
    expect(await api.row(sessionId)).toMatchObject({ created_by_user_id: clerk.id, pg_codes: ["card"], legacy: expect.objectContaining({ initiator: clerk.id }) });
  });

  it("refuses an unreadable file, an unknown user, a user who may not create, and a file with an unknown column", async () => {
    expect(await runAdminCli("bulk-payment-requests")).toMatchObject({ code: 2, stderr: expect.stringContaining("Missing required option(s): --file.") });
    expect(await runAdminCli("bulk-payment-requests", "--file", path.join(folder, "missing.csv"))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Cannot read --file"),
    });
    const f = await file("one.csv", ["amount,currency_code,customer_email", "10,KWD,d@example.com"]);
    expect(await runAdminCli("bulk-payment-requests", "--file", f, "--as", "nobody")).toMatchObject({ code: 1, stderr: "No active admin user is named nobody.\n" });
    expect(await runAdminCli("bulk-payment-requests", "--file", f, "--as", "viewer")).toMatchObject({
      code: 1,
      stderr: "You do not have permission to create payment transactions.\n",
    });
    const bad = await file("bad.csv", ["amount,colour", "10,red"]);
    expect(await runAdminCli("bulk-payment-requests", "--file", bad)).toMatchObject({ code: 2, stderr: expect.stringContaining('file: Unknown column(s): "colour"') });
  });
});
