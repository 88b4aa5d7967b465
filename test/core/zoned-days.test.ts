import { describe, expect, it } from "vitest";
import { lastLocalDays, localDay, nextDay, startOfLocalDay } from "@/lib/core/time/zoned-days";

describe("calendar days in a time zone", () => {
  it("finds the day a moment falls on and when that day starts", () => {
    const at = new Date("2030-03-14T22:30:00Z");
    expect(localDay(at, "UTC")).toBe("2030-03-14");
    expect(localDay(at, "Asia/Kuwait")).toBe("2030-03-15");
    expect(startOfLocalDay("2030-03-15", "Asia/Kuwait")).toEqual(new Date("2030-03-14T21:00:00Z"));
    expect(startOfLocalDay("2030-01-15", "America/St_Johns")).toEqual(new Date("2030-01-15T03:30:00Z"));
  });

  it("keeps midnight right across a daylight-saving change (a 23-hour day in Berlin)", () => {
    const start = startOfLocalDay("2030-03-31", "Europe/Berlin");
    const end = startOfLocalDay(nextDay("2030-03-31"), "Europe/Berlin");
    expect(start).toEqual(new Date("2030-03-30T23:00:00Z"));
    expect(end).toEqual(new Date("2030-03-31T22:00:00Z"));
    expect(startOfLocalDay("2030-10-27", "Europe/Berlin")).toEqual(new Date("2030-10-26T22:00:00Z"));
  });

  it("lists the last days, oldest first, across a month's end", () => {
    expect(lastLocalDays(new Date("2030-03-02T01:00:00Z"), 3, "UTC")).toEqual(["2030-02-28", "2030-03-01", "2030-03-02"]);
    expect(lastLocalDays(new Date("2030-02-28T23:00:00Z"), 2, "Asia/Kuwait")).toEqual(["2030-02-28", "2030-03-01"]);
  });
});
