import { describe, expect, it } from "vitest";
import { formConstraint } from "~/components/conform";
import { eventFormSchema } from "~/lib/schemas/admin";
import { authFormSchema } from "~/lib/schemas/auth";
import { checkoutSchema } from "~/lib/schemas/checkout";
import { deleteAccountSchema } from "~/lib/schemas/account";

describe("formConstraint: the HTML attributes a browser without JavaScript gets", () => {
  it("marks required what the server refuses empty, with the schema's length bound", () => {
    const checkout = formConstraint(checkoutSchema);
    expect(checkout.firstName).toMatchObject({ required: true, maxLength: 100 });
    expect(checkout.email).toMatchObject({ required: true, maxLength: 254 });
    expect(checkout.salutation.required).toBe(false);
    expect(checkout.notes).toMatchObject({ required: false, maxLength: 1000 });
    expect(formConstraint(deleteAccountSchema).confirm.required).toBe(true);
  });

  it("leaves optional what the server accepts empty (an empty price is 0, an unticked box is no)", () => {
    const event = formConstraint(eventFormSchema);
    expect(event.price.required).toBe(false);
    expect(event.show_on_startpage.required).toBe(false);
    expect(event.title).toMatchObject({ required: true, maxLength: 200 });
  });

  it("gives the auth forms no rules (spec §5)", () => {
    expect(Object.values(formConstraint(authFormSchema)).every((c) => !c.required)).toBe(true);
  });
});
