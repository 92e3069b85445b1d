import { describe, expect, it } from "vitest";
import { eventChangeMail, eventReminderMail } from "~/server/catalog/attendee-mails.server";

const startsAt = "2030-12-13T17:00:00Z"; // 18:00 in Berlin
const link = "https://behappy.example/courses/1";

describe("the attendees' mails say where, as a person would", () => {
  it("'online', also with a detail; 'in' a place", () => {
    const where = (location: string | null) =>
      eventReminderMail({ kind: "events", title: "Atelier", startsAt, location, link }).text.split("\n")[2];
    expect(where("Online")).toBe("bald ist es so weit: „Atelier“ beginnt am 13.12.2030, 18:00 Uhr online.");
    expect(where("Online (Zoom)")).toBe(
      "bald ist es so weit: „Atelier“ beginnt am 13.12.2030, 18:00 Uhr online (Zoom).",
    );
    expect(where("online: Zoom")).toBe("bald ist es so weit: „Atelier“ beginnt am 13.12.2030, 18:00 Uhr online Zoom.");
    expect(where("Leipzig")).toBe("bald ist es so weit: „Atelier“ beginnt am 13.12.2030, 18:00 Uhr in Leipzig.");
    expect(where(null)).toBe("bald ist es so weit: „Atelier“ beginnt am 13.12.2030, 18:00 Uhr.");
  });

  it("a change names a course a course, and says online as the reminder does", () => {
    const course = eventChangeMail(
      { kind: "courses", title: "Achtsamkeit", starts_at: startsAt, location: "Online" },
      link,
    );
    expect(course.text).toContain(
      "„Achtsamkeit“ hat sich geändert: Der Kurs findet jetzt am 13.12.2030, 18:00 Uhr online statt.",
    );
    expect(course.html).toContain("Zum Kurs");
    const event = eventChangeMail(
      { kind: "events", title: "Sommerfest", starts_at: startsAt, location: "Leipzig" },
      link,
    );
    expect(event.text).toContain("Die Veranstaltung findet jetzt am 13.12.2030, 18:00 Uhr in Leipzig statt.");
  });

  it("the reminder links to a course as a course", () => {
    const course = eventReminderMail({ kind: "courses", title: "Achtsamkeit", startsAt, location: "Online", link });
    expect(course.html).toContain("Zum Kurs");
    expect(course.html).not.toContain("Zur Veranstaltung");
    const event = eventReminderMail({ kind: "events", title: "Sommerfest", startsAt, location: "Leipzig", link });
    expect(event.html).toContain("Zur Veranstaltung");
  });
});
