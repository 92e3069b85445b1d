import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/hydrated";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { SCALE, type Answers, type Statement } from "~/lib/self-tests/types";

/**
 * The statements of a self-test as radio groups (one fieldset with a legend each) on the 1–5 scale.
 * A plain POST to the test's own route; the server checks that every statement is answered and
 * shows the form again with the given answers and German errors. With JavaScript a progress line
 * counts the answers and focus moves to the error summary.
 */
export function SelfTestForm({
  statements,
  answers = {},
  errors = {},
  formError,
  submitLabel = "Auswertung anzeigen",
}: {
  statements: Statement[];
  answers?: Partial<Answers>;
  errors?: Record<string, string>;
  formError?: string | null;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const summaryRef = useRef<HTMLDivElement>(null);
  const enhanced = useHydrated();
  const [answered, setAnswered] = useState(() => statements.filter((s) => answers[s.id] !== undefined).length);

  useEffect(() => {
    if (formError) summaryRef.current?.focus();
  }, [formError]);

  const missing = statements.filter((s) => errors[s.id]);

  return (
    <Form
      method="post"
      noValidate
      className="space-y-6"
      onChange={(event) => {
        const form = event.currentTarget;
        setAnswered(statements.filter((s) => form.querySelector(`input[name="${s.id}"]:checked`)).length);
      }}
    >
      {formError ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50"
        >
          <p className="font-semibold">{formError}</p>
          {missing.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {missing.map((statement) => (
                <li key={statement.id}>
                  <a href={`#frage-${statement.id}`} className="underline underline-offset-2">
                    Aussage {statements.indexOf(statement) + 1}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <p className="text-sm text-muted-foreground">
        Bewerte jede Aussage von 1 (trifft gar nicht zu) bis 5 (trifft voll zu). Es gibt keine richtigen oder falschen
        Antworten – antworte so, wie es sich für dich gerade stimmig anfühlt.
      </p>

      <ol className="space-y-4">
        {statements.map((statement, position) => {
          const error = errors[statement.id];
          const errorId = `fehler-${statement.id}`;
          return (
            <li key={statement.id}>
              <fieldset
                id={`frage-${statement.id}`}
                aria-describedby={error ? errorId : undefined}
                className={cn(
                  "rounded-xl border bg-card p-5 shadow-sm",
                  error ? "border-2 border-destructive" : "border-border",
                )}
              >
                <legend className="float-left w-full text-base font-medium">
                  <span className="mr-2 text-muted-foreground">{position + 1}.</span>
                  {statement.text}
                </legend>
                <div className="clear-both grid grid-cols-1 gap-2 pt-4 sm:grid-cols-5">
                  {SCALE.map((option) => (
                    <label
                      key={option.value}
                      className={cn(
                        "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-input px-3 py-2 text-sm",
                        "hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:font-semibold",
                        "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                        "sm:flex-col sm:gap-1 sm:text-center",
                      )}
                    >
                      <input
                        type="radio"
                        name={statement.id}
                        value={option.value}
                        defaultChecked={answers[statement.id] === option.value}
                        aria-label={`${option.value} – ${option.label}`}
                        className="size-5 accent-primary focus-visible:outline-none"
                      />
                      <span>
                        <span className="font-semibold">{option.value}</span>
                        <span className="sm:block">
                          <span className="sm:hidden"> – </span>
                          {option.label}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
                {error ? (
                  <p id={errorId} className="mt-3 text-sm font-medium text-destructive">
                    {error}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Wird ausgewertet..." : submitLabel}
        </Button>
        {enhanced ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {answered} von {statements.length} Aussagen beantwortet
          </p>
        ) : null}
      </div>
    </Form>
  );
}
