import { describe, expect, it } from "vitest";
import { renewalReminderMail } from "~/server/members/membership-mails.server";

describe("renewalReminderMail", () => {
  const mail = (daysLeft: number) =>
    renewalReminderMail({
      planName: "Yearly",
      until: new Date("2027-03-10T10:00:00Z"),
      renewLink: "https://shop.example/join",
      daysLeft,
    }).text;

  it("says the days as they are: heute, morgen, in N Tagen", () => {
    expect(mail(0)).toContain("deine Yearly-Mitgliedschaft bei BeHappy endet heute, am 10.03.2027.");
    expect(mail(1)).toContain("deine Yearly-Mitgliedschaft bei BeHappy endet morgen, am 10.03.2027.");
    expect(mail(7)).toContain("deine Yearly-Mitgliedschaft bei BeHappy endet in 7 Tagen, am 10.03.2027.");
  });
});
