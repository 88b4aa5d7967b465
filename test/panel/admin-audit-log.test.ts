import { describe, expect, it } from "vitest";
import { auditChanges } from "@/lib/access/audit/audit-changes";
import { listAuditLog } from "@/lib/access/audit/list-audit-log";
import { recordAudit } from "@/lib/access/audit/record-audit";
import { insertAuditEntry } from "@/db/queries/audit-log";
import { ValidationFailed } from "@/lib/core/errors";
import { signedIn } from "../support/panel-forms";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

// The audit log page: newest first by the time entries record, 50 a page by keyset from the last entry shown, one
// entity or all, and each entry's changed fields as before → after (secrets masked when they were recorded).

const ctx = testContext();

describe("the changes of an entry", () => {
  it("are the fields whose value differs, in the record's order", () => {
    expect(
      auditChanges(
        { username: "ann", is_superuser: false, gateway_codes: ["a"], permissions: ["create"] },
        { username: "ann", is_superuser: true, gateway_codes: ["a"], permissions: ["create", "refund"] },
      ),
    ).toEqual([
      { field: "is_superuser", before: "false", after: "true" },
      { field: "permissions", before: "create", after: "create, refund" },
    ]);
  });

  it("are every field of a record created or removed, with nothing on the other side", () => {
    expect(auditChanges(null, { name: "shop", expires_at: null, currencies: [] })).toEqual([
      { field: "name", before: null, after: "shop" },
      { field: "currencies", before: null, after: "(none)" },
    ]);
    expect(auditChanges({ code: "KWD", decimals: 3, config: { a: 1 } }, null)).toEqual([
      { field: "code", before: "KWD", after: null },
      { field: "decimals", before: "3", after: null },
      { field: "config", before: '{"a":1}', after: null },
    ]);
  });

  it("are none when nothing changed", () => {
    expect(auditChanges({ is_active: true }, { is_active: true })).toEqual([]);
  });
});

describe("listing the audit log", () => {
  it("pages newest first, one entity or all, with each entry's changes and secrets masked", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    for (let n = 0; n < 120; n++) {
      const entity = n % 3 === 0 ? "user" : "currency";
      await recordAudit(ctx.db, root, { action: `${entity}.update`, entity, entityId: String(n), before: { n: n - 1 }, after: { n } });
    }
    await recordAudit(ctx.db, root, { action: "user.reset_password", entity: "user", entityId: "7", after: { password: "hunter22-secret" } });

    const first = await listAuditLog({ ctx, input: {} });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({ actor: root.username, action: "user.reset_password", changes: [{ field: "password", before: null, after: "•••• (secret)" }] });
    expect(first.entries[1]).toMatchObject({ entity_id: "119", changes: [{ field: "n", before: "118", after: "119" }] });
    const ids = first.entries.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));

    const second = await listAuditLog({ ctx, input: { before: first.next! } });
    expect(second.entries[0]!.entity_id).toBe("70");
    const third = await listAuditLog({ ctx, input: { before: second.next! } });
    expect(third.entries.map((e) => e.entity_id)).toEqual(Array.from({ length: 21 }, (_, i) => String(20 - i)));
    expect(third.next).toBeNull();

    const users = await listAuditLog({ ctx, input: { entity: "user" } });
    expect(users.entries.map((e) => e.entity_id).slice(0, 3)).toEqual(["7", "117", "114"]);
    expect(users.entries).toHaveLength(41);
    expect(users.next).toBeNull();
    expect((await listAuditLog({ ctx, input: { entity: "api_key" } })).entries).toEqual([]);
  });

  it("lists an entry by its time, not its id: one written late in a longer change comes after the newer ones", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    // A clock of its own, ahead of every other entry of this file: these five are the newest.
    const at = (seconds: number) => new Date(Date.UTC(2100, 0, 1, 0, 0, seconds));
    const entry = (id: string, time: Date) => ({ actor_user_id: root.id, actor: root.username, action: "gateway.update", entity: "gateway", entity_id: id, after: { id }, created_at: time });
    for (const [id, second] of [["a", 10], ["b", 20], ["c", 30], ["d", 40]] as const) await insertAuditEntry(ctx.db, entry(id, at(second)));
    // Its change began at 25 s and wrote its entry after d's: a higher id, an earlier time.
    await insertAuditEntry(ctx.db, entry("late", at(25)));

    const listed = (await listAuditLog({ ctx, input: { entity: "gateway" } })).entries.slice(0, 5).map((e) => e.entity_id);
    expect(listed).toEqual(["d", "c", "late", "b", "a"]);
    const all = await listAuditLog({ ctx, input: {} });
    expect(all.entries.slice(0, 5).map((e) => e.entity_id)).toEqual(["d", "c", "late", "b", "a"]);
    // A page that ends on c continues with the late entry, then b: nothing skipped, nothing shown twice.
    const cId = all.entries[1]!.id;
    expect((await listAuditLog({ ctx, input: { before: cId } })).entries.slice(0, 3).map((e) => e.entity_id)).toEqual(["late", "b", "a"]);
  });

  it.each([
    [{ entity: "users" }, { entity: ["Entity must be one of: settings, currency, gateway, user, api_key, transaction."] }],
    [{ before: "12abc" }, { before: ["The page cursor must be an entry id."] }],
    [{ before: "99999999999999999999" }, { before: ["The page cursor must be an entry id."] }],
  ])("refuses %j as a field error (a hand-edited address)", async (input, fields) => {
    const error = await refusal(listAuditLog({ ctx, input }));
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).fields).toEqual(fields);
  });
});
