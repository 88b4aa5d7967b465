import { beforeAll, describe, expect, it } from "vitest";
import { saveCurrencyForm } from "@/lib/panel/admin/save-currency-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import { Forbidden } from "@/lib/core/errors";
import { createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// The panel's currency form (the server action's rules, after it has checked the signed-in user): superusers
// only, the CLI's zod rules, field errors with what was typed, nothing saved on an error, an audit entry per change.

const ctx = testContext();
const users = new Map<boolean, UserCaller>();
beforeAll(async () => {
  for (const isSuperuser of [true, false]) users.set(isSuperuser, adminCaller(await createUser(ctx, { isSuperuser })));
});
const user = (isSuperuser: boolean) => users.get(isSuperuser)!;
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const save = (caller: UserCaller, fields: Record<string, string>) => saveCurrencyForm({ ctx, input: { caller, form: form(fields) } });
const stored = () => ctx.db.selectFrom("currencies").select(["code", "decimals"]).orderBy("code").execute();

describe("the currency form", () => {
  it("adds a currency (code in any case) and changes its decimal places", async () => {
    expect(await save(user(true), { code: " chf ", decimals: "2" })).toEqual({
      values: { code: "", decimals: "" },
      errors: {},
      saved: "CHF saved with 2 decimal places.",
    });
    await save(user(true), { code: "CHF", decimals: "3" });
    expect(await stored()).toEqual([{ code: "CHF", decimals: 3 }]);
    const audit = await ctx.db.selectFrom("audit_log").select(["actor", "action", "entity_id", "before", "after"]).where("entity", "=", "currency").orderBy("id").execute();
    expect(audit).toEqual([
      { actor: user(true).username, action: "currency.add", entity_id: "CHF", before: null, after: { decimals: 2 } },
      { actor: user(true).username, action: "currency.update", entity_id: "CHF", before: { decimals: 2 }, after: { decimals: 3 } },
    ]);
  });

  it.each([
    [{ code: "C1", decimals: "2" }, { code: ["Currency code must be 3 letters (ISO 4217), for example KWD."] }],
    [{ code: "NOK", decimals: "5" }, { decimals: ["Decimals must be between 0 and 4."] }],
    [{ code: "NOK", decimals: "two" }, { decimals: ["Decimals must be a whole number between 0 and 4."] }],
    [{ code: "", decimals: "" }, { code: ["Currency code must be 3 letters (ISO 4217), for example KWD."], decimals: ["Decimals must be a whole number between 0 and 4."] }],
  ])("answers %j with field errors and the typed values, saving nothing", async (fields, errors) => {
    const before = await stored();
    const state = await save(user(true), fields);
    expect(state).toEqual({ values: fields, errors, saved: null });
    expect(await stored()).toEqual(before);
  });

  it("refuses a user who is not a superuser, saving nothing", async () => {
    const before = await stored();
    await expect(save(user(false), { code: "SEK", decimals: "2" })).rejects.toThrow(Forbidden);
    expect(await stored()).toEqual(before);
    expect(await ctx.db.selectFrom("audit_log").select("id").where("entity_id", "=", "SEK").execute()).toEqual([]);
  });
});
