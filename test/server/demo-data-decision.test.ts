import { describe, expect, it } from "vitest";
import { decideDemoData, type DemoDataSetting, isLocalHttpUrl } from "@/lib/panel/demo/demo-data-decision";
import { parseEnv } from "@/lib/core/env";

// Demo data (enabled sandbox gateways) only where it is clearly a trial: the embedded database AND a local http
// APP_URL, or DEMO_DATA=on said outright. Never with DATABASE_URL set or an https APP_URL unless DEMO_DATA=on.

const seeds = (setting: DemoDataSetting, embeddedDatabase: boolean, appUrl: string) => decideDemoData({ setting, embeddedDatabase, appUrl }).seed;

describe("decideDemoData", () => {
  it.each([
    // setting, embedded database, APP_URL, seeds?
    ["auto", true, "http://localhost:3000", true],
    ["auto", true, "http://127.0.0.1:3230", true],
    ["auto", true, "http://[::1]:3000", true],
    ["auto", true, "http://LOCALHOST", true],
    ["auto", false, "http://localhost:3000", false], // DATABASE_URL set
    ["auto", true, "https://pay.example.com", false],
    ["auto", true, "https://localhost:3000", false], // https: not the plain local trial
    ["auto", true, "http://pay.example.com", false],
    ["auto", true, "http://192.168.1.10:3000", false],
    ["auto", true, "http://localhost.example.com", false],
    ["auto", false, "https://pay.example.com", false],
    ["on", false, "https://pay.example.com", true], // said explicitly: a staging installation
    ["on", true, "https://pay.example.com", true],
    ["on", false, "http://localhost:3000", true],
    ["on", true, "http://localhost:3000", true],
    ["off", true, "http://localhost:3000", false],
    ["off", false, "https://pay.example.com", false],
  ] as const)("DEMO_DATA=%s, embedded %s, APP_URL %s: seeds %s", (setting, embedded, appUrl, expected) => {
    expect(seeds(setting, embedded, appUrl)).toBe(expected);
  });

  it("says why, for the start log", () => {
    expect(decideDemoData({ setting: "auto", embeddedDatabase: false, appUrl: "http://localhost:3000" }).reason).toMatch(/DATABASE_URL is set/);
    expect(decideDemoData({ setting: "auto", embeddedDatabase: true, appUrl: "https://pay.example.com" }).reason).toMatch(
      /APP_URL https:\/\/pay\.example\.com is not a local http address/,
    );
    expect(decideDemoData({ setting: "off", embeddedDatabase: true, appUrl: "http://localhost:3000" }).reason).toBe("DEMO_DATA=off");
    expect(decideDemoData({ setting: "on", embeddedDatabase: false, appUrl: "https://pay.example.com" }).reason).toBe("DEMO_DATA=on");
  });

  it("knows a local http URL from any other, and survives a malformed one", () => {
    expect(isLocalHttpUrl("http://127.0.0.1")).toBe(true);
    expect(isLocalHttpUrl("http://127.0.0.2")).toBe(false);
    expect(isLocalHttpUrl("ftp://localhost")).toBe(false);
    expect(isLocalHttpUrl("not a url")).toBe(false);
  });
});

describe("DEMO_DATA in lib/core/env.ts", () => {
  const demoData = (value?: string) => parseEnv(value === undefined ? {} : { DEMO_DATA: value }).DEMO_DATA;

  it("defaults to auto (also when empty), and reads on/off and their spellings", () => {
    expect(demoData()).toBe("auto");
    expect(demoData("")).toBe("auto");
    expect(demoData("auto")).toBe("auto");
    for (const on of ["on", "true", "1", "yes"]) expect(demoData(on)).toBe("on");
    for (const off of ["off", "false", "0", "no"]) expect(demoData(off)).toBe("off");
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => demoData("maybe")).toThrow(/DEMO_DATA/);
  });

  it("the embedded defaults of `npm start` (no DATABASE_URL, APP_URL from PORT) make a trial", () => {
    const e = parseEnv({ NODE_ENV: "production" });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(decideDemoData({ setting: e.DEMO_DATA, embeddedDatabase: e.DATABASE_URL === undefined, appUrl: e.APP_URL }).seed).toBe(true);
    const deployed = parseEnv({ NODE_ENV: "production", APP_URL: "https://pay.example.com", DATABASE_URL: "postgres://db/checkout" });
    expect(decideDemoData({ setting: deployed.DEMO_DATA, embeddedDatabase: false, appUrl: deployed.APP_URL }).seed).toBe(false);
  });
});
