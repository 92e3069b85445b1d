import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { WaitlistForm } from "~/components/catalog/waitlist-form";

/** The form as the event page renders it, inside a router (it reads the navigation state). */
function render(prefill?: { name: string; email: string } | null) {
  const Stub = createRoutesStub([
    { path: "/events/e1", Component: () => <WaitlistForm action="/events/e1" withSeats prefill={prefill} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/events/e1"]} />);
}

const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

describe("waitlist form", () => {
  it("starts with a signed-in member's name and address, as editable fields", () => {
    const html = render({ name: "Erika Muster", email: "erika@example.com" });
    expect(input(html, "name")).toContain('value="Erika Muster"');
    expect(input(html, "email")).toContain('value="erika@example.com"');
    expect(input(html, "email")).not.toMatch(/readonly|disabled/i);
  });

  it("starts empty for a visitor", () => {
    const html = render(null);
    expect(input(html, "name")).toContain('type="text"');
    expect(input(html, "name")).not.toContain("value=");
    expect(input(html, "email")).not.toContain("value=");
  });
});
