import { describe, expect, it } from "vitest";
import { runNowConsequence } from "~/lib/admin/jobs";

describe("runNowConsequence", () => {
  it("warns that a one-time job's mail goes out now and not when planned", () => {
    expect(
      runNowConsequence({
        label: "Erinnerung zwei Tage vor einer Veranstaltung",
        plannedFor: "12.03.2027, 10:00",
        repeats: false,
      }),
    ).toBe(
      "„Erinnerung zwei Tage vor einer Veranstaltung“ ist für 12.03.2027, 10:00 geplant und läuft stattdessen sofort. " +
        "Danach ist sie erledigt: Was sie verschickt, geht jetzt hinaus und nicht mehr zum geplanten Zeitpunkt.",
    );
  });

  it("tells that a recurring job counts its next run from now", () => {
    expect(
      runNowConsequence({ label: "Datenschutz: Löschfristen", plannedFor: "07.12.2026, 03:00", repeats: true }),
    ).toMatch(/Danach läuft sie wieder regelmäßig; der nächste Lauf zählt ab jetzt\.$/);
  });
});
