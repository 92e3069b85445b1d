import { describe, expect, it } from "vitest";
import { rateLimitClientKey } from "~/server/http/client-address.server";

describe("rateLimitClientKey", () => {
  it("counts an IPv4 address as itself, also in its IPv6-mapped form", () => {
    expect(rateLimitClientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitClientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitClientKey("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts every address of one IPv6 /64 as one client, however it is written", () => {
    const keys = [
      "2001:db8:85a3:12::1",
      "2001:db8:85a3:12:ffff:ffff:ffff:fffe",
      "2001:0db8:85a3:0012:0000:0000:0000:0042",
      "2001:DB8:85A3:12:abcd::9",
      "2001:db8:85a3:12::1%eth0",
      "2001:db8:85a3:12::10.0.0.1",
    ].map(rateLimitClientKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:85a3:12::/64"]));
  });

  it("keeps neighbouring /64s and short forms apart", () => {
    expect(rateLimitClientKey("2001:db8:85a3:13::1")).toBe("2001:db8:85a3:13::/64");
    expect(rateLimitClientKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitClientKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(rateLimitClientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("passes anything else through (the adapter's stand-in for a missing address)", () => {
    expect(rateLimitClientKey("unknown")).toBe("unknown");
  });
});
