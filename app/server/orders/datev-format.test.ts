import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  DATEV_COLUMNS,
  datevAmount,
  datevCsv,
  datevDayMonth,
  datevHeader,
  datevRow,
  datevText,
  encodeDatev,
  type DatevBatch,
  type DatevBooking,
} from "~/server/orders/datev-format.server";

const BATCH: DatevBatch = {
  // 26.11.2026 17:05:09.042 in Berlin (UTC+1).
  created: new Date("2026-11-26T16:05:09.042Z"),
  consultantNumber: 29098,
  clientNumber: 55003,
  fiscalYearStart: "2026-01-01",
  accountLength: 4,
  from: "2026-11-01",
  to: "2026-11-30",
  label: "Rechnungen November 2026",
  frame: "SKR03",
};

const BOOKING: DatevBooking = {
  amountCents: 11900,
  side: "S",
  account: "10000",
  contraAccount: "8400",
  date: "2026-11-03",
  document: "RE-2026-000001",
  text: "Rechnung RE-2026-000001, Best. abcd1234, 19 % USt",
  serviceDate: "2026-11-03",
};

describe("DATEV Buchungsstapel format", () => {
  it("has the 125 columns of format version 13", () => {
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(DATEV_COLUMNS.slice(0, 14)).toEqual([
      "Umsatz (ohne Soll/Haben-Kz)",
      "Soll/Haben-Kennzeichen",
      "WKZ Umsatz",
      "Kurs",
      "Basis-Umsatz",
      "WKZ Basis-Umsatz",
      "Konto",
      "Gegenkonto (ohne BU-Schlüssel)",
      "BU-Schlüssel",
      "Belegdatum",
      "Belegfeld 1",
      "Belegfeld 2",
      "Skonto",
      "Buchungstext",
    ]);
    expect(new Set(DATEV_COLUMNS).size).toBe(125);
  });

  it("writes the EXTF 700 header", () => {
    const fields = datevHeader(BATCH).split(";");
    expect(fields).toHaveLength(31);
    expect(fields.slice(0, 17)).toEqual([
      '"EXTF"',
      "700",
      "21",
      '"Buchungsstapel"',
      "13",
      "20261126170509042",
      "",
      '"RE"',
      '""',
      '""',
      "29098",
      "55003",
      "20260101",
      "4",
      "20261101",
      "20261130",
      '"Rechnungen November 2026"',
    ]);
    expect(fields[18]).toBe("1"); // Buchungstyp: Finanzbuchführung
    expect(fields[20]).toBe("0"); // not fixed: the accountant fixes it
    expect(fields[21]).toBe('"EUR"');
    expect(fields[26]).toBe('"03"');
    expect(datevHeader({ ...BATCH, frame: "SKR04" }).split(";")[26]).toBe('"04"');
  });

  it("formats amounts, dates and texts as DATEV reads them", () => {
    expect(datevAmount(11900)).toBe("119,00");
    expect(datevAmount(5)).toBe("0,05");
    expect(datevAmount(123456789)).toBe("1234567,89");
    expect(datevDayMonth("2026-11-03")).toBe("0311");
    expect(datevText('Buch "Glück"\r\nund mehr')).toBe('"Buch ""Glück"" und mehr"');
    expect(datevText("x".repeat(80), 60)).toBe(`"${"x".repeat(60)}"`);
  });

  it("writes one booking line with 125 fields", () => {
    const fields = datevRow(BOOKING).split(";");
    expect(fields).toHaveLength(125);
    const at = (name: (typeof DATEV_COLUMNS)[number]) => fields[DATEV_COLUMNS.indexOf(name)];
    expect(at("Umsatz (ohne Soll/Haben-Kz)")).toBe("119,00");
    expect(at("Soll/Haben-Kennzeichen")).toBe('"S"');
    expect(at("WKZ Umsatz")).toBe('"EUR"');
    expect(at("Konto")).toBe("10000");
    expect(at("Gegenkonto (ohne BU-Schlüssel)")).toBe("8400");
    expect(at("BU-Schlüssel")).toBe("");
    expect(at("Belegdatum")).toBe("0311");
    expect(at("Belegfeld 1")).toBe('"RE-2026-000001"');
    expect(at("Buchungstext")).toBe('"Rechnung RE-2026-000001, Best. abcd1234, 19 % USt"');
    expect(at("Leistungsdatum")).toBe("03112026");
    expect(() => datevRow({ ...BOOKING, amountCents: 0 })).toThrow(/positive/);
  });

  it("joins header, columns and bookings with CRLF and encodes Windows-1252", () => {
    const text = datevCsv(BATCH, [BOOKING, { ...BOOKING, side: "H", text: "Storno für Müßiggang" }]);
    const lines = text.split("\r\n");
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe("");
    expect(lines[1].split(";")).toHaveLength(125);
    const bytes = encodeDatev(text);
    // ü is one byte (0xFC) in Windows-1252, two in UTF-8.
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true);
    expect(iconv.decode(bytes, "win1252")).toBe(text);
  });

  it("refuses a booking outside the batch's dates", () => {
    expect(() => datevCsv(BATCH, [{ ...BOOKING, date: "2026-12-01" }])).toThrow(/outside/);
  });
});
