import { describe, expect, it } from "vitest";
import { clientIp } from "@/lib/core/client-ip";
import { forwardedFor } from "@/lib/http/forwarded-for";

// The address the allow-list and the sign-in throttle see: what our web server puts in X-Forwarded-For, then
// what clientIp reads from it.
const seen = (sent: string | string[] | undefined, socket: string | undefined, trustProxy: boolean) =>
  clientIp(new Headers({ "x-forwarded-for": forwardedFor(sent, socket, trustProxy) }));

describe("the client address", () => {
  it("is the socket's when no proxy is trusted, whatever the client claims", () => {
    expect(seen(undefined, "203.0.113.9", false)).toBe("203.0.113.9");
    expect(seen("10.1.2.3", "203.0.113.9", false)).toBe("203.0.113.9");
    expect(seen("203.0.113.9, 10.1.2.3", "198.51.100.7", false)).toBe("198.51.100.7");
    expect(seen(["10.0.0.1", "10.0.0.2"], "::ffff:127.0.0.1", false)).toBe("::ffff:127.0.0.1");
  });

  it("behind a trusted proxy is the last entry, the one the proxy added, not the client's own claim before it", () => {
    // nginx's $proxy_add_x_forwarded_for appends the peer it saw to what the client sent.
    expect(seen("10.1.2.3, 203.0.113.9", "127.0.0.1", true)).toBe("203.0.113.9");
    expect(seen("203.0.113.9", "127.0.0.1", true)).toBe("203.0.113.9");
    // A proxy that sends nothing: the socket (the proxy itself).
    expect(seen(undefined, "127.0.0.1", true)).toBe("127.0.0.1");
    expect(seen("  ", "127.0.0.1", true)).toBe("127.0.0.1");
  });

  it("is 'unknown' when there is neither header nor socket address", () => {
    expect(clientIp(new Headers())).toBe("unknown");
    expect(seen(undefined, undefined, false)).toBe("unknown");
  });
});
