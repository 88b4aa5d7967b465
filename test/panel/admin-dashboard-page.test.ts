import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway, createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// The dashboard page itself, on a public (https) APP_URL, as a signed-in administrator opens it: with sandbox
// gateways enabled it starts with the loud warning; without, it has none. Only the session cookie (next-auth)
// is stood in for; the database is the real one.

vi.hoisted(() => {
  process.env.APP_URL = "https://pay.example.com";
});
// The cookie's claims (lib/access/auth/active-admin.ts): signed in and last active a minute ago, at session version 0.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("next-auth", async (original) => ({
  ...(await original<typeof import("next-auth")>()),
  getServerSession: async () => {
    const minuteAgo = Math.floor(Date.now() / 1000) - 60;
    return session.userId ? { user: { uid: session.userId, signedInAt: minuteAgo, iat: minuteAgo, sv: 0 } } : null;
  },
}));

const ctx = testContext();
let Dashboard: () => Promise<React.ReactElement>;
beforeAll(async () => {
  Dashboard = (await import("@/app/(site)/admin/(panel)/page")).default;
  await createGateway(ctx, { code: "card", currencies: ["KWD"] });
  await createGateway(ctx, { code: "live", currencies: ["KWD"], isSandbox: false });
  session.userId = (await createUser(ctx, { gatewayCodes: ["live"] })).id;
});

const page = async () => renderToStaticMarkup(await Dashboard());

describe("the dashboard page on an https APP_URL", () => {
  it("opens with the warning naming the enabled sandbox gateways, even to a user of other gateways", async () => {
    const html = await page();
    expect(html.indexOf('role="alert"')).toBeGreaterThan(-1);
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf(">Dashboard</h1>"));
    expect(html).toContain("Warning: sandbox gateways are enabled on a public address");
    expect(html).toContain("1 sandbox gateway setting is enabled: card, on the public address https://pay.example.com.");
  });

  it("has no warning once no sandbox gateway is enabled", async () => {
    await ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "=", "card").execute();
    const html = await page();
    expect(html).toContain(">Dashboard</h1>");
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("sandbox gateway");
  });
});
