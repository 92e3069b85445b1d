import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, FirstInvalidFieldContext, oneAutoFocus, useServerAutoFocus } from "~/components/ui/field";

function Kind({ invalid }: { invalid: boolean }) {
  const autoFocus = useServerAutoFocus(invalid);
  // As the cancellation form spreads it: the attribute only when the server's render claims it.
  return <input type="radio" name="kind" {...(autoFocus ? { autoFocus } : {})} />;
}

/** A form as it comes back from the server: the kind of cancellation, then two invalid fields. */
function ReturnedForm({ kindInvalid }: { kindInvalid: boolean }) {
  return (
    <>
      <Field label="Name" name="name" />
      <Kind invalid={kindInvalid} />
      <Field label="E-Mail" name="email" errors={["Bitte gib eine gültige E-Mail-Adresse ein."]} />
      <Field label="PLZ" name="zipcode" errors={["Bitte gib eine PLZ ein."]} />
    </>
  );
}

const serverRender = (kindInvalid: boolean) =>
  renderToStaticMarkup(
    <FirstInvalidFieldContext.Provider value={oneAutoFocus()}>
      <ReturnedForm kindInvalid={kindInvalid} />
    </FirstInvalidFieldContext.Provider>,
  );

const autofocused = (html: string) => [...html.matchAll(/<input[^>]*autofocus=""[^>]*>/g)].map(([tag]) => tag);

describe("the server render's one autofocus", () => {
  it("goes to the first invalid control in document order, a hand-drawn radio group included", () => {
    expect(autofocused(serverRender(true))).toEqual([expect.stringContaining('name="kind"')]);
  });

  it("goes to the first invalid Field when the group is valid", () => {
    const html = serverRender(false);
    expect(autofocused(html)).toEqual([expect.stringContaining('name="email"')]);
    expect(autofocused(html)[0]).toContain('aria-invalid="true"');
  });

  it("is never set by a render without the server's context (the client's)", () => {
    expect(autofocused(renderToStaticMarkup(<ReturnedForm kindInvalid />))).toEqual([]);
  });
});
