import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageText } from "~/components/message-text";

describe("MessageText", () => {
  it("marks the spec's English message as English, and only that part", () => {
    expect(renderToStaticMarkup(<MessageText text="Profile updated successfully" />)).toBe(
      '<span lang="en">Profile updated successfully</span>',
    );
    expect(renderToStaticMarkup(<MessageText text="Error updating profile: Bitte versuche es später erneut." />)).toBe(
      '<span lang="en">Error updating profile: </span>Bitte versuche es später erneut.',
    );
  });

  it("knows the sign-up and sign-out messages too", () => {
    expect(renderToStaticMarkup(<MessageText text="Account created successfully. You can now log in." />)).toBe(
      '<span lang="en">Account created successfully. You can now log in.</span>',
    );
    expect(renderToStaticMarkup(<MessageText text="Error signing out: Zeitüberschreitung" />)).toBe(
      '<span lang="en">Error signing out: </span>Zeitüberschreitung',
    );
  });

  it("leaves German messages as they are", () => {
    expect(renderToStaticMarkup(<MessageText text="Gutschein angelegt" />)).toBe("Gutschein angelegt");
  });
});
