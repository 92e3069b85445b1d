import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { berlinLocal, calendarFile } from "~/server/catalog/calendar.server";

const EVENT = {
  uid: "events-e1@behappy",
  sequence: 2,
  title: "Glücks-Workshop: Die Kunst der Dankbarkeit, mit Pause; und Zeilen",
  startsAt: "2027-03-14T09:00:00.000Z", // 10:00 in Berlin (CET)
  endsAt: "2027-03-14T15:00:00.000Z",
  location: "Berlin, Kulturbrauerei",
  url: "https://shop.example/events/e1",
  description:
    "Ein Tag voller Übungen.\nZweite Zeile mit einem sehr langen Text, der über fünfundsiebzig Oktette hinausgeht und gefaltet werden muss.",
  stamp: "2026-11-26T12:00:00.000Z",
};

describe("calendar file (RFC 5545)", () => {
  it("has Berlin wall-clock times with TZID, summer and winter", () => {
    expect(berlinLocal("2027-03-14T09:00:00.000Z")).toBe("20270314T100000");
    expect(berlinLocal("2027-07-01T16:30:00.000Z")).toBe("20270701T183000");
    const file = calendarFile(EVENT);
    expect(file).toContain("DTSTART;TZID=Europe/Berlin:20270314T100000\r\n");
    expect(file).toContain("DTEND;TZID=Europe/Berlin:20270314T160000\r\n");
    expect(file).toContain("SEQUENCE:2\r\n");
    expect(file.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("reads back in a calendar parser (ical.js) with the right local time, text and UID", () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarFile(EVENT)));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(event.uid).toBe("events-e1@behappy");
    expect(event.summary).toBe(EVENT.title);
    expect(event.description).toBe(EVENT.description);
    expect(event.location).toBe("Berlin, Kulturbrauerei");
    expect(event.sequence).toBe(2);
    expect(event.startDate.zone.tzid).toBe("Europe/Berlin");
    expect(event.startDate.hour).toBe(10);
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-03-14T09:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-14T15:00:00.000Z");
    // Summer time: 18:30 in Berlin is 16:30 UTC.
    const summer = new ICAL.Component(
      ICAL.parse(calendarFile({ ...EVENT, startsAt: "2027-07-01T16:30:00.000Z", endsAt: null })),
    );
    const start = new ICAL.Event(summer.getFirstSubcomponent("vevent")!).startDate;
    expect([start.hour, start.minute]).toEqual([18, 30]);
    expect(start.toJSDate().toISOString()).toBe("2027-07-01T16:30:00.000Z");
  });
});
