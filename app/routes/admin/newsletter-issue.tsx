import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, type Ref } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/newsletter-issue";
import { AdminPageHeader } from "~/components/admin/admin-list";
import { fieldProps, textareaProps, usePageForm } from "~/components/conform";
import { MailPreview } from "~/components/admin/mail-preview";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useRefocusAfterChange } from "~/components/use-refocus";
import {
  CTA_HELP_LABEL,
  CTA_SYNTAX,
  newsletterIssueSchema,
  SEGMENT_LABELS,
  segmentSchema,
  type NewsletterSegment,
} from "~/lib/schemas/newsletter-issue";
import { withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import {
  draftVersion,
  getIssue,
  mailSizeProblem,
  previewOf,
  saveDraft,
  sendTestMail,
  startSend,
} from "~/server/newsletter/issues.server";
import { countRecipients } from "~/server/newsletter/newsletter-queue.server";
import { logger } from "~/server/platform/log.server";
import { isUuid } from "~/lib/uuid";
import { FieldErrors, useServerAutoFocus } from "~/components/ui/field";

/**
 * /admin/newsletter/aussendungen/neu and …/:id (issue 29): write a newsletter (saved as a draft),
 * see it as a phone and a desktop mail client would (HTML and plain text, rendered on the server),
 * "Testmail an mich", then send it to a segment. A sent issue is read-only and shows its counts.
 */
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.issue?.subject ?? "Neue Aussendung"} – Newsletter – BeHappy Admin` },
];

const LIST = "/admin/newsletter/aussendungen";
const NOT_FOUND = "Diese Aussendung gibt es nicht.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer, user } = await requireAdmin(context);
  if (!params.id) return { issue: null, preview: null, adminEmail: user.email };
  // Not an id at all (/aussendungen/abc): the same 404 as an unknown one, not a database error.
  if (!isUuid(params.id)) throw data(NOT_FOUND, { status: 404 });
  const issue = await withViewer(viewer, (tx) => getIssue(tx, params.id!));
  if (!issue) throw data(NOT_FOUND, { status: 404 });
  const preview = previewOf({ subject: issue.subject, preheader: issue.preheader, body: issue.body_markdown });
  return { issue, preview, adminEmail: user.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer, user } = await requireAdmin(context);
  if (params.id && !isUuid(params.id)) throw data(NOT_FOUND, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "send-review" || intent === "send") {
    const segment = segmentSchema.safeParse(formData.get("segment") ?? undefined);
    const here = `${LIST}/${params.id}`;
    if (!params.id) return redirect(LIST);
    if (!segment.success) return data({ segmentError: "Bitte wähle eine Zielgruppe." }, { status: 400 });
    // Step one names the number of recipients and the draft it saw; nothing goes out before the
    // second click, and only that draft.
    const recipients = await withViewer(viewer, (tx) => countRecipients(tx, segment.data));
    if (intent === "send-review") {
      const issue = await withViewer(viewer, (tx) => getIssue(tx, params.id!));
      if (!issue) throw data(NOT_FOUND, { status: 404 });
      // A draft saved before saving checked its size could not be sent: say so before sending.
      const tooLarge = mailSizeProblem({
        subject: issue.subject,
        preheader: issue.preheader,
        body: issue.body_markdown,
      });
      if (tooLarge) return redirectWithError(here, { message: "Nicht verschickt", description: tooLarge });
      return { sendReview: { segment: segment.data, recipients, version: draftVersion(issue) } };
    }
    if (recipients === 0) return redirectWithError(here, { message: "Nicht verschickt", description: NO_RECIPIENTS });
    const reviewed = String(formData.get("version") ?? "");
    const started = await withViewer(viewer, (tx) => startSend(tx, params.id!, segment.data, reviewed));
    if (started !== "started")
      return redirectWithError(here, {
        message: "Nicht verschickt",
        description: started === "changed" ? DRAFT_CHANGED : "Diese Aussendung ist schon verschickt.",
      });
    logger.info("newsletter send started", { newsletterId: params.id, segment: segment.data, recipients });
    return redirectWithSuccess(here, {
      message: "Der Newsletter wird verschickt",
      description: `An ${recipients} Abonnent:innen (${SEGMENT_LABELS[segment.data]}). Die Zahlen unten zeigen den Fortschritt.`,
    });
  }

  const submission = parseWithZod(formData, { schema: newsletterIssueSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const tooLarge = mailSizeProblem(submission.value);
  if (tooLarge) return data({ result: submission.reply({ fieldErrors: { body: [tooLarge] } }) }, { status: 400 });
  const id = await withViewer(viewer, async (tx) => {
    const saved = await saveDraft(tx, user.id, params.id ?? null, submission.value);
    if (saved && intent === "test") await sendTestMail(tx, user.email, submission.value);
    return saved;
  });
  if (!id)
    return redirectWithError(LIST, {
      message: "Nicht gespeichert",
      description: "Diese Aussendung ist schon verschickt.",
    });
  return redirectWithSuccess(`${LIST}/${id}`, {
    message: intent === "test" ? "Testmail ist unterwegs" : "Entwurf gespeichert",
    description: intent === "test" ? `An ${user.email}.` : undefined,
  });
}

export default function AdminNewsletterIssue() {
  const { issue, preview, adminEmail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sendReview = answer && "sendReview" in answer ? answer.sendReview : null;
  const segmentError = answer && "segmentError" in answer ? answer.segmentError : null;
  const { form, fields, pending } = usePageForm(answer && "result" in answer ? answer : undefined, {
    id: "newsletter-issue",
    schema: newsletterIssueSchema,
    defaultValue: issue ? { subject: issue.subject, preheader: issue.preheader, body: issue.body_markdown } : undefined,
  });
  const readOnly = issue !== null && issue.status !== "draft";
  // Each step of sending replaces the button that was pressed: focus waits at the next step's heading.
  const stepHeading = useRefocusAfterChange<HTMLHeadingElement>(readOnly ? "sent" : sendReview ? "review" : "choose");
  return (
    <>
      <p className="text-sm">
        <Link to={LIST} className="text-primary underline">
          ← Alle Aussendungen
        </Link>
      </p>
      <AdminPageHeader
        title={issue ? issue.subject : "Neue Aussendung"}
        description={
          readOnly
            ? "Diese Aussendung ist verschickt und kann nicht mehr geändert werden."
            : "Entwurf: wird erst verschickt, wenn du unten eine Zielgruppe wählst."
        }
      />
      {readOnly && issue ? <IssueCounts issue={issue} headingRef={stepHeading} /> : null}
      {!readOnly ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 max-w-3xl space-y-4">
          <Field label="Betreff" {...fieldProps(fields.subject, { type: "text" })} />
          <Field
            label="Vorschautext (Preheader)"
            description="Erscheint im Posteingang neben dem Betreff; optional."
            {...fieldProps(fields.preheader, { type: "text" })}
          />
          <Field
            label="Text (Markdown)"
            description={<MarkdownHelp />}
            rows={16}
            className="font-mono"
            {...textareaProps(fields.body)}
            maxLength={undefined}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" pending={pending}>
              Entwurf speichern
            </Button>
            <Button type="submit" name="intent" value="test" variant="outline" pending={pending}>
              Testmail an mich
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Die Testmail geht an {adminEmail} und speichert den Entwurf.</p>
        </Form>
      ) : null}
      {issue && !readOnly ? (
        <SendForm subject={issue.subject} review={sendReview} segmentError={segmentError} headingRef={stepHeading} />
      ) : null}
      {preview ? <MailPreview html={preview.html} text={preview.text} /> : null}
    </>
  );
}

/** The syntax, each example kept on one line (a split "](https" reads as something else). */
function MarkdownHelp() {
  const example = (text: string) => <code className="whitespace-nowrap">{text}</code>;
  return (
    <>
      <span className="block">
        Überschrift: {example("# Titel")}, Link: {example("[Text](https://…)")}, Bild:{" "}
        {example("![Beschreibung](https://…)")}
      </span>
      <span className="block">
        {CTA_HELP_LABEL} <code>{CTA_SYNTAX}</code>
      </span>
    </>
  );
}

function IssueCounts({
  issue,
  headingRef,
}: {
  issue: NonNullable<Awaited<ReturnType<typeof loader>>["issue"]>;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const rows: [string, number][] = [
    ["Empfänger", issue.counts.recipients],
    ["In der Warteschlange", issue.counts.queued],
    ["Zugestellt", issue.counts.delivered],
    ["Fehlgeschlagen", issue.counts.failed],
    ["Danach abgemeldet", issue.counts.unsubscribed],
  ];
  return (
    <section aria-labelledby="counts-heading" className="mt-6">
      <h2 id="counts-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {issue.status === "sending" ? "Wird verschickt" : "Verschickt"} an{" "}
        {SEGMENT_LABELS[issue.segment as NewsletterSegment]}
      </h2>
      <dl
        className="mt-3 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        data-testid="newsletter-counts"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const DRAFT_CHANGED =
  "Der Entwurf wurde geändert, nachdem du den Versand geprüft hast. Bitte sieh ihn dir noch einmal an und bestätige den Versand erneut.";

const NO_RECIPIENTS =
  "In dieser Zielgruppe gibt es keine bestätigten Abonnent:innen: Der Newsletter ginge an niemanden.";

/**
 * "Verschicken" in two steps, as sending cannot be undone: the audience first, then the number of
 * recipients with "Jetzt verschicken" (none: no button). Plain POSTs, so it works without JavaScript.
 */
function SendForm({
  subject,
  review,
  segmentError,
  headingRef,
}: {
  subject: string;
  /** "Bitte wähle eine Zielgruppe." when none was chosen (a browser without the required check). */
  segmentError: string | null;
  review: { segment: NewsletterSegment; recipients: number; version: string } | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  // No audience chosen: focus goes to the first choice (with JavaScript here, without it by the
  // new page's autofocus), which the error describes through its group.
  const firstChoice = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (segmentError) firstChoice.current?.focus();
  }, [segmentError]);
  const autoFocus = useServerAutoFocus(Boolean(segmentError));
  if (review) {
    return (
      <section
        aria-labelledby="send-review-heading"
        className="mt-10 max-w-3xl rounded-lg border border-border p-4"
        data-testid="send-review"
      >
        <h2
          id="send-review-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          Verschicken bestätigen
        </h2>
        <p className="mt-2">
          {review.recipients === 0
            ? NO_RECIPIENTS
            : `„${subject}“ geht an ${review.recipients} bestätigte Abonnent:innen (${SEGMENT_LABELS[review.segment]}). Verschickt wird der zuletzt gespeicherte Entwurf; danach kann die Aussendung nicht mehr geändert werden.`}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {review.recipients > 0 ? (
            <Form method="post">
              <input type="hidden" name="segment" value={review.segment} />
              <input type="hidden" name="version" value={review.version} />
              <Button type="submit" name="intent" value="send">
                Jetzt verschicken
              </Button>
            </Form>
          ) : null}
          <Link to="." className={buttonClass("outline")}>
            {review.recipients > 0 ? "Abbrechen" : "Andere Zielgruppe wählen"}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <Form method="post" className="mt-10 max-w-3xl rounded-lg border border-border p-4">
      <fieldset className="space-y-2" aria-describedby={segmentError ? "segment-error" : undefined}>
        <legend className="text-xl font-semibold">Verschicken</legend>
        <p className="text-sm text-muted-foreground">
          Nur bestätigte Abonnent:innen bekommen den Newsletter. Verschickt wird der zuletzt gespeicherte Entwurf.
        </p>
        {(Object.keys(SEGMENT_LABELS) as NewsletterSegment[]).map((segment, index) => (
          <label key={segment} className="flex items-center gap-2">
            <input
              ref={index === 0 ? firstChoice : undefined}
              type="radio"
              name="segment"
              value={segment}
              required
              {...(index === 0 && autoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
            />
            {SEGMENT_LABELS[segment]}
          </label>
        ))}
        <FieldErrors id="segment-error" errors={segmentError ? [segmentError] : null} />
      </fieldset>
      <Button type="submit" name="intent" value="send-review" className="mt-4">
        Weiter zur Bestätigung
      </Button>
    </Form>
  );
}
