import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { catalogRowActionSchema, eventFormSchema, productFormSchema, toPrice } from "~/lib/schemas/admin";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

const event = {
  title: "Abend",
  category: "Workshop",
  date: "1.1.2027",
  time: "19 Uhr",
  location: "Berlin",
  image_url: "/images/x.svg",
};

describe("admin schemas", () => {
  it("turns a non-numeric or empty price into 0 and reads number-input values and German decimals", () => {
    expect(toPrice("abc")).toBe(0);
    expect(toPrice("")).toBe(0);
    expect(toPrice(undefined)).toBe(0);
    expect(toPrice("12,50")).toBe(12.5);
    expect(toPrice("7.25")).toBe(7.25);
    expect(toPrice("1.000,00")).toBe(1000);
    expect(toPrice("1.234")).toBe(1.234);
    expect(toPrice("1e5")).toBe(100000);
    const result = parseWithZod(form({ ...event, price: "abc", behappy_price: "" }), { schema: eventFormSchema });
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value.price).toBe(0);
      expect(result.value.behappy_price).toBe(0);
      expect(result.value.show_on_startpage).toBe(false);
    }
  });

  it("refuses a price that is not whole cents or too high, instead of reading it as another amount", () => {
    const errorsOf = (price: string) =>
      parseWithZod(form({ ...event, price, behappy_price: "0" }), { schema: eventFormSchema }).reply().error?.price;
    expect(errorsOf("12.345")).toEqual([
      "Bitte gib den Preis auf den Cent genau an, mit höchstens zwei Nachkommastellen.",
    ]);
    expect(errorsOf("1e999")).toEqual(["Der Preis ist zu hoch."]);
    expect(errorsOf("49.90")).toBeUndefined();
    expect(errorsOf("0.1")).toBeUndefined();
  });

  it("rejects a negative price and missing required fields in German, keeping optional ones optional", () => {
    const result = parseWithZod(form({ title: " ", price: "-1", image_url: "javascript:alert(1)" }), {
      schema: eventFormSchema,
    });
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors.title).toEqual(["Bitte gib einen Titel ein."]);
    expect(errors.category).toEqual(["Bitte gib eine Kategorie ein."]);
    expect(errors.date).toEqual(["Bitte gib ein Datum ein."]);
    expect(errors.time).toEqual(["Bitte gib eine Uhrzeit ein."]);
    expect(errors.location).toEqual(["Bitte gib einen Ort ein."]);
    expect(errors.price).toEqual(["Der Preis darf nicht negativ sein."]);
    expect(errors.image_url?.[0]).toMatch(/^Bitte gib eine Bild-URL ein/);
    expect(errors.provider).toBeUndefined();
  });

  it("refuses a BeHappy-Preis above the price: members pay the lower one", () => {
    const product = { title: "Tasse", category: "Dinge", image_url: "/images/x.svg" };
    const above = parseWithZod(form({ ...product, price: "10", behappy_price: "20" }), { schema: productFormSchema });
    expect(above.status).toBe("error");
    expect(above.reply().error?.behappy_price).toEqual(["Der BeHappy-Preis darf nicht höher sein als der Preis."]);
    for (const [price, behappy_price] of [
      ["20", "20"],
      ["20", "10"],
      ["20", "0"],
    ])
      expect(parseWithZod(form({ ...product, price, behappy_price }), { schema: productFormSchema }).status).toBe(
        "success",
      );
    const course = parseWithZod(form({ ...event, price: "5", behappy_price: "5,01" }), { schema: eventFormSchema });
    expect(course.reply().error?.behappy_price).toEqual(["Der BeHappy-Preis darf nicht höher sein als der Preis."]);
  });

  it("reads start, end and seats; empty is none; the end must follow the start", () => {
    const ok = parseWithZod(
      form({ ...event, starts_at: "2027-03-14T10:00", ends_at: "2027-03-14T16:00", capacity: " 20 " }),
      { schema: eventFormSchema },
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(ok.value).toMatchObject({ starts_at: "2027-03-14T10:00", capacity: 20 });
    const open = parseWithZod(form({ ...event, starts_at: "", ends_at: "", capacity: "" }), {
      schema: eventFormSchema,
    });
    expect(open.status === "success" && open.value.capacity).toBeUndefined();

    const errorsOf = (entries: Record<string, string>) =>
      parseWithZod(form({ ...event, ...entries }), { schema: eventFormSchema }).reply().error ?? {};
    expect(errorsOf({ starts_at: "2027-03-14T16:00", ends_at: "2027-03-14T10:00" }).ends_at).toEqual([
      "Das Ende muss nach dem Beginn liegen.",
    ]);
    expect(errorsOf({ ends_at: "2027-03-14T10:00" }).starts_at).toEqual(["Bitte gib auch den Beginn an."]);
    for (const capacity of ["0", "2,5", "-3", "100001", "viele"])
      expect(errorsOf({ capacity }).capacity).toEqual([
        "Bitte gib eine ganze Zahl zwischen 1 und 100.000 ein oder lass das Feld leer.",
      ]);
    expect(errorsOf({ starts_at: "14.03.2027 10:00" }).starts_at).toEqual([
      "Bitte gib Datum und Uhrzeit ein (TT.MM.JJJJ, HH:MM).",
    ]);
  });

  it("reads checkboxes ('on' or absent) for products", () => {
    const result = parseWithZod(
      form({
        title: "Buch",
        category: "Buch",
        image_url: "https://example.com/a.png",
        price: "9.99",
        availability: "on",
        details: "a\nb",
      }),
      { schema: productFormSchema },
    );
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value).toMatchObject({ availability: true, show_on_offer: false, price: 9.99, details: "a\nb" });
    }
  });

  it("parses row actions", () => {
    const id = "e0000000-0000-4000-8000-000000000001";
    const on = parseWithZod(form({ intent: "flag", id, flag: "show_on_offer", value: "on" }), {
      schema: catalogRowActionSchema,
    });
    expect(on.status === "success" && on.value).toEqual({ intent: "flag", id, flag: "show_on_offer", value: true });
    const off = parseWithZod(form({ intent: "flag", id, flag: "show_on_offer" }), { schema: catalogRowActionSchema });
    expect(off.status === "success" && off.value).toEqual({ intent: "flag", id, flag: "show_on_offer", value: false });
    expect(parseWithZod(form({ intent: "flag", id, flag: "title" }), { schema: catalogRowActionSchema }).status).toBe(
      "error",
    );
  });

  it("reads the VAT rate (19 % by default, 7 % allowed, nothing else) and the shipping flag", () => {
    const base = { title: "Buch", category: "Bücher", image_url: "/x.svg", price: "10" };
    const parsed = (extra: Record<string, string>) =>
      parseWithZod(form({ ...base, ...extra }), { schema: productFormSchema });
    const standard = parsed({});
    expect(standard.status === "success" && standard.value).toMatchObject({ vat_rate: 19, shipped: false });
    const reduced = parsed({ vat_rate: "7", shipped: "on" });
    expect(reduced.status === "success" && reduced.value).toMatchObject({ vat_rate: 7, shipped: true });
    const wrong = parsed({ vat_rate: "16" });
    expect(wrong.status).toBe("error");
    expect(wrong.reply().error?.vat_rate).toEqual(["Bitte wähle 19 % oder 7 %."]);
  });
});
