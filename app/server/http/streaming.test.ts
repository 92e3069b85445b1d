import { describe, expect, it } from "vitest";
import { streamOrAwait } from "~/server/http/streaming.server";

const navigation = new Request("http://shop.test/products.data", { headers: { "sec-fetch-dest": "empty" } });
const document = new Request("http://shop.test/products", { headers: { "sec-fetch-dest": "document" } });
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("streamOrAwait", () => {
  it("renders data that is there at once in the same pass, for a client navigation too", async () => {
    expect(await streamOrAwait(navigation, Promise.resolve("cards"))).toEqual({ value: "cards" });
    expect(await streamOrAwait(navigation, after(5, "cards"))).toEqual({ value: "cards" });
  });

  it("streams slow data to a client navigation, so it shows skeletons", async () => {
    const { value } = await streamOrAwait(navigation, after(400, "cards"));
    expect(value).toBeInstanceOf(Promise);
    await expect(value).resolves.toBe("cards");
  });

  it("waits for slow data on a document request, which a browser without JavaScript makes", async () => {
    expect(await streamOrAwait(document, after(400, "cards"))).toEqual({ value: "cards" });
  });
});
