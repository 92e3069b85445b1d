import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { berlinLocal, calendarFile, courseSession } from "~/server/catalog/calendar.server";

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

/** The seed's eight-week course: first session 01.04.2027 19:00, last one ending 20.05.2027 20:30 (Berlin). */
const COURSE = {
  kind: "courses" as const,
  starts_at: "2027-04-01T17:00:00.000Z",
  ends_at: "2027-05-20T18:30:00.000Z",
  date: "ab 01.04.2027",
  time: "Dienstags 19:00 Uhr",
  description: "Acht Wochen, acht Module.",
};

/** The one VEVENT of a file made from a course session, read back with ical.js. */
function readBack(session: ReturnType<typeof courseSession>) {
  const file = calendarFile({ ...EVENT, ...session });
  const calendar = new ICAL.Component(ICAL.parse(file));
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return { file, vevent, event: new ICAL.Event(vevent) };
}

describe("a course over several weeks in the calendar", () => {
  it("is its first session with the sessions' length, not one block over seven weeks", () => {
    const { file, vevent, event } = readBack(courseSession(COURSE));
    expect(file).toContain("DTSTART;TZID=Europe/Berlin:20270401T190000\r\n");
    expect(file).toContain("DTEND;TZID=Europe/Berlin:20270401T203000\r\n");
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-04-01T17:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-04-01T18:30:00.000Z");
    // No rhythm is stored ("Dienstags" next to a Thursday start): no guessed recurrence.
    expect(vevent.getFirstPropertyValue("rrule")).toBeNull();
    expect(file).not.toContain("RRULE:FREQ=WEEKLY");
  });

  it("says the rest in the description: the last session, the free-text dates, then the course's text", () => {
    const { event } = readBack(courseSession(COURSE));
    expect(event.description).toBe(
      "Erster Termin des Kurses. Der letzte Termin endet am 20.05.2027 um 20:30 Uhr.\n" +
        "Termine: ab 01.04.2027, Dienstags 19:00 Uhr\n" +
        "Alle Termine stehen auf der Kursseite.\n\n" +
        "Acht Wochen, acht Module.",
    );
  });

  it("has no end when the end's time of day does not follow the start's (no session length known)", () => {
    const session = courseSession({ ...COURSE, ends_at: "2027-05-20T15:00:00.000Z", date: null, time: null });
    expect(session.endsAt).toBeNull();
    const { file, event } = readBack(session);
    expect(file).not.toContain("DTEND");
    expect(event.description).toBe(
      "Erster Termin des Kurses. Der letzte Termin endet am 20.05.2027 um 17:00 Uhr.\n" +
        "Alle Termine stehen auf der Kursseite.\n\nAcht Wochen, acht Module.",
    );
  });

  it("keeps a course on one day, and an event over days (a retreat is one block), as they are", () => {
    const oneDay = { ...COURSE, ends_at: "2027-04-01T18:30:00.000Z" };
    expect(courseSession(oneDay)).toEqual({
      startsAt: oneDay.starts_at,
      endsAt: oneDay.ends_at,
      description: oneDay.description,
    });
    const retreat = { ...COURSE, kind: "events" as const };
    expect(courseSession(retreat)).toEqual({
      startsAt: retreat.starts_at,
      endsAt: retreat.ends_at,
      description: retreat.description,
    });
  });
});
