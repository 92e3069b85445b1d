import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AlertCircleIcon, CheckCircleIcon } from "~/components/ui/icons";
import { MailIcon } from "~/components/ui/page-icons";
import { cn } from "~/components/ui/cn";

/** Layout of the pages a mailed link opens (newsletter confirm and unsubscribe, e-mail confirmation). */
export function NewsletterTokenPage({
  title,
  tone = "neutral",
  children,
}: {
  title: string;
  tone?: "neutral" | "success" | "error";
  children: ReactNode;
}) {
  const Icon = tone === "success" ? CheckCircleIcon : tone === "error" ? AlertCircleIcon : MailIcon;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <div
        role={tone === "neutral" ? undefined : "status"}
        className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <Icon
          size={44}
          className={cn(
            "mx-auto",
            tone === "success" ? "text-success" : tone === "error" ? "text-destructive" : "text-primary",
          )}
        />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        <div className="mt-4 text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

/** What came of a link, and where to go next. */
export function TokenOutcome({
  tone,
  title,
  text,
  link,
}: {
  tone: "success" | "error";
  title: string;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <NewsletterTokenPage tone={tone} title={title}>
      <p>{text}</p>
      <Link to={link.to} className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
        {link.label}
      </Link>
    </NewsletterTokenPage>
  );
}

/** The question a link's page asks: only its button's POST acts, so a mail scanner opening the link changes nothing. */
export function TokenAsk({
  texts,
  failed,
  token,
  intent,
}: {
  /** `error` is shown above the question after a failed attempt. */
  texts: { title: string; ask: string; button: string; error: string };
  failed: boolean;
  token: string;
  /** Posted as `intent` where the action serves more than this button. */
  intent?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <NewsletterTokenPage title={texts.title}>
      {failed ? (
        <p role="alert" className="mb-4 font-medium text-destructive">
          {texts.error}
        </p>
      ) : null}
      <p>{texts.ask}</p>
      <Form method="post" className="mt-6">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <input type="hidden" name="token" value={token} />
        <Button type="submit" pending={busy}>
          {busy ? "Wird gesendet..." : texts.button}
        </Button>
      </Form>
    </NewsletterTokenPage>
  );
}
