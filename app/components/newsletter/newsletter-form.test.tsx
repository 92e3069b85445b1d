import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { NewsletterRetry } from "~/components/newsletter/messages";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { FirstInvalidFieldContext, oneAutoFocus } from "~/components/ui/field";

/** The form as the server renders /newsletter (with its one autofocus per render), after a refused plain post. */
function render(retry?: NewsletterRetry) {
  const Stub = createRoutesStub([
    {
      path: "/newsletter",
      Component: () => (
        <FirstInvalidFieldContext.Provider value={oneAutoFocus()}>
          <NewsletterForm showName title="Jetzt anmelden" intro="" retry={retry} />
        </FirstInvalidFieldContext.Provider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/newsletter"]} />);
}

const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
const VALUES = { email: "erika@beispiel", firstName: "Erika", lastName: "Muster" };

describe("newsletter form after a refused plain post", () => {
  it("keeps what was typed and says the error at its field, which takes the server's autofocus", () => {
    const html = render({
      outcome: "invalid",
      fieldErrors: { email: ["Bitte gib eine gültige E-Mail-Adresse ein."] },
      values: VALUES,
      redirectTo: "/about",
    });
    const email = input(html, "email");
    expect(email).toContain('value="erika@beispiel"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain("autofocus");
    const errorId = /aria-describedby="([^"]+)"/.exec(email)?.[1];
    expect(html).toContain(`<ul id="${errorId}"`);
    expect(html).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
    expect(input(html, "firstName")).toContain('value="Erika"');
    expect(input(html, "firstName")).not.toContain("aria-invalid");
    expect(input(html, "lastName")).toContain('value="Muster"');
    // A success of the retry goes back to the page the visitor first sent the form from.
    expect(input(html, "redirectTo")).toContain('value="/about"');
    expect(html).not.toContain('role="alert"');
  });

  it("says a refusal no field is to blame as the form's notice, and starts the keyboard at the address", () => {
    const html = render({
      outcome: "error",
      values: VALUES,
      redirectTo: "/newsletter",
      notice: { message: "Fehler bei der Anmeldung", description: "Zu viele Versuche." },
    });
    expect(html).toMatch(/role="alert"[^>]*>.*Fehler bei der Anmeldung.*Zu viele Versuche\./);
    const email = input(html, "email");
    expect(email).toContain('value="erika@beispiel"');
    expect(email).not.toContain("aria-invalid");
    expect(email).toContain("autofocus");
  });

  it("starts empty and unmarked without one", () => {
    const html = render();
    for (const name of ["email", "firstName", "lastName"]) {
      expect(input(html, name)).not.toMatch(/value=|aria-invalid|autofocus/);
    }
    expect(input(html, "redirectTo")).toContain('value="/newsletter"');
    expect(html).not.toContain('role="alert"');
  });
});
