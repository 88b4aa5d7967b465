import { describe, expect, it } from "vitest";
import { createCurrency, createGateway } from "../support/factories";
import { runAdminCli } from "../support/run-script";
import { testContext } from "../support/test-context";

// The CLI's side of the settings screen: disable-currency / enable-currency (same verb and refusal as the
// panel's buttons) and set-config's default address (the billing address's rules).

const ctx = testContext();
const enabledOf = async (code: string) =>
  (await ctx.db.selectFrom("currencies").select("enabled").where("code", "=", code).executeTakeFirstOrThrow()).enabled;

describe("admin CLI: currencies and the default address", () => {
  it("disable-currency refuses while an enabled gateway takes it; enable-currency turns it back on", async () => {
    await createGateway(ctx, { code: "knet", currencies: ["KWD"] });
    const refused = await runAdminCli("disable-currency", "--code", "kwd");
    expect(refused).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "KWD cannot be disabled while enabled gateway settings take it: knet. Disable those gateway settings or remove KWD from their currencies first.\n",
    });
    expect(await enabledOf("KWD")).toBe(true);

    await createCurrency(ctx, { code: "CHF", decimals: 2 });
    expect(await runAdminCli("disable-currency", "--code", "CHF")).toMatchObject({ code: 0, stdout: "Currency CHF disabled.\n" });
    expect(await enabledOf("CHF")).toBe(false);
    expect(await runAdminCli("enable-currency", "--code", "CHF")).toMatchObject({ code: 0, stdout: "Currency CHF enabled.\n" });
    expect(await enabledOf("CHF")).toBe(true);
  });

  it("set-config sets the default address, refusing an incomplete one with its field errors", async () => {
    const incomplete = await runAdminCli("set-config", "--default-address-line1", "Block 1", "--default-address-country", "KW");
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toContain("defaultAddress.city: This field is required.");
    expect(incomplete.stderr).toContain("defaultAddress.postal_code: This field is required.");

    const saved = await runAdminCli(
      "set-config",
      ...["--default-address-line1", "Block 1", "--default-address-city", "Kuwait City", "--default-address-state", "Capital"],
      ...["--default-address-country", "kw", "--default-address-postal-code", "13001"],
    );
    expect(saved.code).toBe(0);
    expect((await ctx.db.selectFrom("settings").select("default_address").executeTakeFirstOrThrow()).default_address).toEqual({
      line1: "Block 1",
      city: "Kuwait City",
      state: "Capital",
      country: "KW",
      postal_code: "13001",
    });
  });
});
