import { describe, expect, it } from "vitest";
import type { GatewayView } from "@/db/queries/transactions";
import { paymentRoute } from "@/lib/checkout/payments/payment-route";

// The order a pay action tries gateways in (docs/gateways/failover.md): pure, no database.

const gateway = (code: string, more: Partial<GatewayView> = {}): GatewayView => ({
  code,
  name: code,
  pg: "sandbox",
  is_sandbox: true,
  currencies: ["KWD"],
  operation: "purchase",
  fee_fixed: "0",
  fee_percent: "0",
  icon_url: null,
  has_icon: false,
  enabled: true,
  priority: 0,
  ...more,
});

const route = (pgCodes: string[], gateways: GatewayView[], chosen = pgCodes[0]!, paymentType = "one_off") =>
  paymentRoute({ pg_codes: pgCodes, currency_code: "KWD", payment_type: paymentType }, gateways, gateways.find((g) => g.code === chosen)!).map((g) => g.code);

describe("paymentRoute", () => {
  it("the customer's choice first, then the others in pg_codes order at equal priority (today's order)", () => {
    const gateways = [gateway("c"), gateway("a"), gateway("b")];
    expect(route(["a", "b", "c"], gateways, "b")).toEqual(["b", "a", "c"]);
  });

  it("priority decides among the fallbacks, higher first; it never moves the customer's choice", () => {
    const gateways = [gateway("a"), gateway("b", { priority: -1 }), gateway("c", { priority: 10 }), gateway("d", { priority: 10 })];
    expect(route(["a", "b", "c", "d"], gateways)).toEqual(["a", "c", "d", "b"]);
    expect(route(["b", "a", "d", "c"], gateways)).toEqual(["b", "d", "c", "a"]);
  });

  it("only gateways that could take the same payment: enabled, known pg, the currency, the chosen one's operation and mode", () => {
    const gateways = [
      gateway("chosen"),
      gateway("off", { enabled: false }),
      gateway("unknown-pg", { pg: "paypal" }),
      gateway("usd", { currencies: ["USD"] }),
      gateway("auth", { operation: "authorize" }),
      gateway("live", { is_sandbox: false }),
      gateway("fine", { pg: "mpgs" }),
    ];
    expect(route(gateways.map((g) => g.code), gateways)).toEqual(["chosen", "fine"]);
  });

  it("a transaction that saves the card (save_card, auto_debit) fails over only to a gateway that saves cards", () => {
    const gateways = [gateway("chosen"), gateway("mpgs", { pg: "mpgs" }), gateway("sandbox")];
    expect(route(["chosen", "mpgs", "sandbox"], gateways, "chosen", "auto_debit")).toEqual(["chosen", "sandbox"]);
    expect(route(["chosen", "mpgs", "sandbox"], gateways, "chosen", "save_card")).toEqual(["chosen", "sandbox"]);
  });

  it("a code of pg_codes whose setting is gone is left out", () => {
    expect(route(["a", "gone", "b"], [gateway("a"), gateway("b")])).toEqual(["a", "b"]);
  });
});
