import { afterEach, describe, expect, it, vi } from "vitest";
import { cartCookie, themeCookie } from "~/server/members/session.server";

const headerOf = (setCookie: string) => setCookie.split(";")[0];

afterEach(() => vi.restoreAllMocks());

describe("signed cookies read on every page (session, theme, cart)", () => {
  it("check the signature once per distinct Cookie header, and give every request the same value", async () => {
    const header = headerOf(
      await cartCookie().serialize([{ id: "l1", itemId: "x", itemType: "product", quantity: 2 }]),
    );
    const verify = vi.spyOn(crypto.subtle, "verify");
    const first = await cartCookie().parse(`theme=x; ${header}`);
    const again = await cartCookie().parse(`theme=x; ${header}`);
    expect(first).toEqual([{ id: "l1", itemId: "x", itemType: "product", quantity: 2 }]);
    expect(again).toBe(first);
    expect(verify).toHaveBeenCalledTimes(1);
    // Shared between requests, so nobody may change it.
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
  });

  it("still refuses a tampered value, and reads a missing cookie as null", async () => {
    const header = headerOf(await themeCookie().serialize("dark"));
    expect(await themeCookie().parse(header)).toBe("dark");
    const [name, value] = header.split("=");
    const tampered = `${name}=${value.replace(/^../, "ZG")}`;
    expect(tampered).not.toBe(header);
    expect(await themeCookie().parse(tampered)).toBeNull();
    expect(await themeCookie().parse("other=1")).toBeNull();
    expect(await themeCookie().parse(null)).toBeNull();
  });
});
