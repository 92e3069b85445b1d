import { markPaidOnItsPage } from "./support/admin-orders";
import { orderEvent, registerParticipant } from "./members-support";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";

/**
 * A partial refund of an event's seats and its registered participants: the admin chooses who no
 * longer comes. Refunding a seat while every participant stays is refused at the participants, the
 * typed quantity kept; ticked, the participant leaves the attendee list with the seat and is told by
 * mail. JavaScript on and off (the projects), and on a phone.
 */

test("a returned seat takes the participant the admin chose off the attendee list @phone", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  const { orderId, title } = await orderEvent(page, 2);
  // Names of their own: other tests register participants for the same seeded event.
  const suffix = orderId.slice(0, 6).replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]);
  const [lea, tom] = [`Lea Becker${suffix}`, `Tom Schulz${suffix}`];
  await registerParticipant(page, orderId, "Lea", `Becker${suffix}`);
  await registerParticipant(page, orderId, "Tom", `Schulz${suffix}`);
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  await markPaidOnItsPage(page);

  const section = page.getByRole("region", { name: "Teilerstattung" });
  const leaving = section.getByRole("group", { name: `Nimmt nicht mehr teil (${title})` });
  await expect(leaving.getByRole("checkbox")).toHaveCount(2);
  await expectAccessible(page);
  const quantity = section.getByLabel(`Menge zurück: ${title}`);
  const send = section.getByRole("button", { name: "Teilerstattung anlegen" });
  // Nothing typed: the form's refusal is announced, and takes focus (the button's, or without
  // JavaScript the new page's).
  await send.click();
  const nothing = section.getByRole("alert").filter({ hasText: "Wähle mindestens eine Position und ihre Menge." });
  await expect(nothing).toBeVisible();
  if (test.info().project.name.includes("js-off")) await expect(nothing).toBeFocused();
  // Lea ticked, but no seat typed: the quantity is asked for, at the quantity, and Lea stays ticked.
  await leaving.getByRole("checkbox", { name: lea }).check();
  await send.click();
  await expect(quantity).toHaveAccessibleDescription(
    /Trage ein, wie viele Plätze mit den angehakten Teilnehmern zurückgehen\.$/,
  );
  await expect(quantity).toBeFocused();
  await expect(leaving.getByRole("checkbox", { name: lea })).toBeChecked();
  await leaving.getByRole("checkbox", { name: lea }).uncheck();
  // One seat back, both still registered: refused at the participants, the quantity kept, and the
  // first participant's box has focus.
  await quantity.fill("1");
  await send.click();
  const refusal = `Für „${title}“ bleibt 1 Platz, angemeldet sind 2 Teilnehmer: Wähle, wer nicht mehr teilnimmt.`;
  await expect(leaving).toHaveAccessibleDescription(refusal);
  await expect(leaving.getByRole("checkbox", { name: lea })).toHaveAccessibleDescription(refusal);
  await expect(leaving.getByRole("checkbox").first()).toBeFocused();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("link", { name: /^Rechnungskorrektur RE-/ })).toHaveCount(0);

  // Lea does not come: ticked, the seat goes back with her.
  await leaving.getByRole("checkbox", { name: lea }).check();
  await send.click();
  await expect(
    page.getByText(
      new RegExp(`^Rechnungskorrektur RE-\\d{4}-\\d{6} über .*„Erstattungen“\\. Nicht mehr angemeldet: ${lea}\\.$`),
    ),
  ).toBeVisible();
  await expect(section).toContainText("1 von 2 erstattbar");
  await expect(leaving.getByRole("checkbox")).toHaveCount(1);
  // Lea is told by mail that her registration is gone; Tom is not.
  await expect
    .poll(() => mailsTo(`lea.becker${suffix}@example.com`).some((m) => m.text.includes("deine Anmeldung für")), {
      timeout: 20_000,
    })
    .toBe(true);
  expect(mailsTo(`tom.schulz${suffix}@example.com`).some((m) => m.text.includes("deine Anmeldung für"))).toBe(false);
  await expect(leaving.getByRole("checkbox", { name: tom })).not.toBeChecked();

  // The attendee list and the check-in list name Tom only, with the seat that is left.
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Teilnehmer: ${title}` }).click();
  const row = page.getByTestId("attendee-row").filter({ hasText: orderId.slice(0, 8) });
  await expect(row).toContainText(tom);
  await expect(row).not.toContainText(lea);
  await page.getByRole("link", { name: "Check-in-Liste drucken" }).click();
  await expect(page.getByTestId("check-in-row").filter({ hasText: tom })).toHaveCount(1);
  await expect(page.getByTestId("check-in-row").filter({ hasText: lea })).toHaveCount(0);
});
