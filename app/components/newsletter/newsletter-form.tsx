import { useEffect, useId, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/hydrated";
import { FormNotice } from "~/components/form-notice";
import { HoneypotField } from "~/components/honeypot-field";
import { LabelledSection } from "~/components/labelled-section";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field, useServerAutoFocus } from "~/components/ui/field";
import { NEWSLETTER_CONSENT_TEXT } from "~/lib/newsletter-consent";
import type { NewsletterActionData, NewsletterRetry } from "~/components/newsletter/messages";
import { focusIsFree } from "~/components/use-refocus";

/** With showName: both optional (the mails greet by first name when one is given). */
const NAME_FIELDS = [
  { label: "Vorname (optional)", name: "firstName", autoComplete: "given-name" },
  { label: "Nachname (optional)", name: "lastName", autoComplete: "family-name" },
] as const;

/**
 * Newsletter signup (spec §4, §5). Without JavaScript it is a plain POST to /newsletter that
 * redirects back here with a toast after a success; a refusal renders /newsletter, whose form
 * gets it as `retry`: what was typed, the error at its field or as the form's notice. With
 * JavaScript it submits through a fetcher (button 'Wird gesendet...' and pending meanwhile), the
 * toast arrives with the revalidated root loader, and the form is cleared after a success or a
 * duplicate.
 */
export function NewsletterForm({
  showName = false,
  title = "Newsletter",
  intro = "Impulse für ein glückliches Leben, neue Kurse und Veranstaltungen – etwa einmal im Monat in deinem Postfach.",
  headingLevel = "h2",
  className,
  retry,
}: {
  showName?: boolean;
  title?: string;
  intro?: string;
  headingLevel?: "h2" | "h3";
  className?: string;
  /** The action's answer to a refused plain post (the /newsletter page's action data). */
  retry?: NewsletterRetry;
}) {
  const fetcher = useFetcher<NewsletterActionData>();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const enhanced = useHydrated();
  const headingId = useId();
  const consentId = useId();
  const sending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // A plain post's refusal speaks until the fetcher has answered once (scripts that took over the
  // page since). Its values stay the fields' defaults, so an answer never blanks an untouched name.
  const refusal = fetcher.data === undefined ? retry : undefined;
  const fieldErrors = result?.fieldErrors ?? refusal?.fieldErrors;
  // The server's one autofocus (useServerAutoFocus): a field's error takes it in Field; a notice
  // with no field to blame gives it to the address, so the keyboard starts in the form again.
  const noticeAutoFocus = useServerAutoFocus(Boolean(refusal?.notice));

  // After each answer (a new object; undefined while sending). Focus is still on the button (or on
  // <body>, the form having been cleared): keyboard users then land on the field to correct, or
  // on the form's heading once the toast has said it worked.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!result) return;
    if (result.outcome === "success") {
      formRef.current?.reset();
      // reset() restores the defaults: after a refused plain post (`retry`), what was typed then.
      for (const name of ["email", "firstName", "lastName"]) {
        const input = formRef.current?.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = "";
      }
    }
    if (!focusIsFree()) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? heading.current)?.focus();
  }, [result]);

  return (
    <LabelledSection
      id={headingId}
      title={title}
      headingLevel={headingLevel}
      className={className}
      headingClassName="text-lg font-semibold focus:outline-none"
      headingRef={heading}
    >
      {intro ? <p className="mt-1 text-sm text-muted-foreground">{intro}</p> : null}
      {refusal?.notice ? (
        <FormNotice tone="error" message={refusal.notice.message} description={refusal.notice.description} />
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/newsletter"
        preventScrollReset
        aria-describedby={consentId}
        className="mt-4 space-y-3"
      >
        <input type="hidden" name="redirectTo" value={retry?.redirectTo ?? `${location.pathname}${location.search}`} />
        {enhanced ? <input type="hidden" name="_js" value="1" /> : null}
        <HoneypotField />
        {showName ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {NAME_FIELDS.map((field) => (
              <Field
                key={field.name}
                {...field}
                maxLength={100}
                defaultValue={retry?.values[field.name]}
                errors={fieldErrors?.[field.name]}
              />
            ))}
          </div>
        ) : null}
        <div className={cn("flex flex-col gap-3", !showName && "sm:flex-row sm:items-start")}>
          <Field
            label="Deine Mailadresse"
            labelClassName={showName ? undefined : "sr-only"}
            className="flex-1"
            name="email"
            type="email"
            autoComplete="email"
            placeholder={showName ? undefined : "Deine Mailadresse"}
            maxLength={254}
            required
            defaultValue={retry?.values.email}
            errors={fieldErrors?.email}
            {...(noticeAutoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
          />
          <Button type="submit" pending={sending} className={cn(!showName && "sm:mt-0")}>
            {sending ? "Wird gesendet..." : "Abonnieren"}
          </Button>
        </div>
        <p id={consentId} className="text-xs text-muted-foreground">
          {NEWSLETTER_CONSENT_TEXT}{" "}
          <a href="/datenschutz" className="underline underline-offset-2">
            Datenschutzerklärung
          </a>
        </p>
      </fetcher.Form>
    </LabelledSection>
  );
}
