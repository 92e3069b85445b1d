import { expect, test } from "./support/fixtures";

/**
 * A course's calendar file: the seed's eight-week course (first session 01.04.2027 19:00, the last
 * ending 20.05.2027 20:30) is its first session, not one block over seven weeks; the description
 * says the rest. Without a browser page: the file is the same with JavaScript on or off.
 */
const COURSE = "c0000000-0000-4000-8000-000000000001";

test("a course over weeks is its first session in the calendar, the rest in the description", async ({ page }) => {
  const answer = await page.request.get(`/courses/${COURSE}/kalender.ics`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await answer.text();
  expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20270401T190000\r\n");
  expect(ics).toContain("DTEND;TZID=Europe/Berlin:20270401T203000\r\n");
  expect(ics).not.toContain("RRULE:FREQ=WEEKLY");
  // Lines are folded at 75 octets: unfold before reading the text.
  expect(ics.replace(/\r\n /g, "")).toContain(
    "DESCRIPTION:Erster Termin des Kurses. Der letzte Termin endet am 20.05.2027 um 20:30 Uhr.\\n",
  );
});
