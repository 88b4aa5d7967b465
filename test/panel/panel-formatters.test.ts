import { describe, expect, it } from "vitest";
import { formatPanelTime, zoneLabel } from "@/lib/panel/admin/format-panel-time";
import { stateLegend, stateWord } from "@/lib/panel/admin/state-words";

// The panel's pure formatters: one date format with its zone, and every state word's tone and meaning.

describe("formatPanelTime", () => {
  it("writes date, minutes and the zone, in the given zone", () => {
    expect(formatPanelTime("2026-11-26T11:05:59.999Z")).toBe("2026-11-26 11:05 UTC");
    expect(formatPanelTime(new Date("2026-11-26T11:05:00Z"), "Asia/Kuwait")).toBe("2026-11-26 14:05 UTC+03:00");
    expect(formatPanelTime("2026-11-26T02:00:00Z", "America/St_Johns")).toBe("2026-11-25 22:30 UTC-03:30");
    // Midnight is 00, never 24.
    expect(formatPanelTime("2026-01-01T00:00:00Z", "UTC")).toBe("2026-01-01 00:00 UTC");
  });

  it("follows daylight saving time in the offset it shows", () => {
    expect(zoneLabel(new Date("2026-07-01T12:00:00Z"), "Europe/London")).toBe("UTC+01:00");
    expect(zoneLabel(new Date("2026-01-01T12:00:00Z"), "Europe/London")).toBe("UTC");
  });
});

describe("state words", () => {
  it("give every state of each kind a tone and a meaning", () => {
    for (const kind of ["transaction", "attempt", "operation", "delivery", "message"] as const) {
      for (const { meaning } of stateLegend(kind)) expect(meaning.length, kind).toBeGreaterThan(10);
    }
    expect(stateWord("transaction", "paid").tone).toBe("good");
    expect(stateWord("transaction", "failed").tone).toBe("bad");
    expect(stateWord("message", "recorded").meaning).toMatch(/not sent/);
  });

  it("cover every state the database allows", () => {
    const transaction = ["created", "pending", "attempted", "authorized", "paid", "failed", "canceled", "expired", "voided", "refunded", "captured", "error"];
    expect(stateLegend("transaction").map((s) => s.state).sort()).toEqual(transaction.sort());
    expect(stateLegend("message").map((s) => s.state).sort()).toEqual(["failed", "pending", "recorded", "sent"]);
    expect(stateWord("delivery", "unknown")).toEqual({ tone: "neutral", meaning: "" });
  });
});
