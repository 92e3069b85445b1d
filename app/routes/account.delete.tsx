import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account.delete";
import { usePageForm } from "~/components/conform";
import { FormPage } from "~/components/form-page";
import { CurrentPasswordField } from "~/components/password-fields";
import { FormNotice } from "~/components/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { ACCOUNT_MESSAGES, deleteAccountSchema } from "~/lib/schemas/account";
import { authProvider, requireUser } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { deleteMemberAccount } from "~/server/members/members.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { formatDate } from "~/lib/format";
import { countFailedSignIn, limitRefusal } from "~/server/http/rate-limit.server";
import { authSessionStorage } from "~/server/members/session.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";

export const meta: Route.MetaFunction = () => [
  { title: "Konto löschen – BeHappy" },
  { name: "robots", content: "noindex" },
];

const KEPT_NOTE =
  "Bestellungen bewahren wir als Buchungsbelege auf, solange das Gesetz es verlangt (§ 147 AO, § 257 HGB: bis zu acht Jahre): " +
  "mit Rechnungsname, Anschrift, Artikeln und Beträgen, aber ohne Verbindung zu deinem Konto und ohne E-Mail-Adresse, " +
  "Telefonnummer und Anmerkungen.";

export async function loader({ context }: Route.LoaderArgs) {
  const { user, viewer } = requireUser(context);
  const membership = await withViewer(viewer, getMyMembership);
  // A running plan ends with the account: the page says so before anyone presses the button.
  const running = membership?.active ? { name: membership.name, until: membership.until } : null;
  return data({ email: user.email, running }, { headers: cacheHeaders("private") });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, viewer } = requireUser(context);
  const submission = parseWithZod(await request.formData(), { schema: deleteAccountSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), notice: null }, { status: 400 });

  const limitKey = user.email.toLowerCase();
  const lockedOut = await limitRefusal("signInFailuresPerEmail", limitKey);
  if (lockedOut) return data({ result: submission.reply(hide), notice: lockedOut.message }, lockedOut.init);
  // Re-authentication outside the transaction (hashing is slow work).
  if (!(await authProvider().verifyPassword(request, user, submission.value.currentPassword))) {
    await countFailedSignIn(limitKey);
    // Said once, at the field it concerns (as on the password page), which takes focus.
    return data(
      {
        result: submission.reply({ ...hide, fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] } }),
        notice: null,
      },
      { status: 400 },
    );
  }

  let kept: number;
  try {
    kept = await withViewer(viewer, (tx) => deleteMemberAccount(tx));
  } catch (error) {
    logger.error("account deletion failed", { error: (error as Error).message });
    return data({ result: submission.reply(hide), notice: ACCOUNT_MESSAGES.deleteFailed }, { status: 500 });
  }

  // The account is gone; end the browser's session whatever the provider answers.
  let headers: Headers;
  try {
    headers = await authProvider().signOut(request);
  } catch (error) {
    logger.warn("sign-out after account deletion failed", { error: (error as Error).message });
    const storage = authSessionStorage();
    headers = new Headers({
      "Set-Cookie": await storage.destroySession(await storage.getSession(request.headers.get("Cookie"))),
    });
  }
  return redirectWithSuccess(
    "/",
    {
      message: ACCOUNT_MESSAGES.accountDeleted,
      description: kept > 0 ? KEPT_NOTE : "Deine persönlichen Daten wurden entfernt.",
    },
    { headers },
  );
}

export default function DeleteAccountPage() {
  const { email, running } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(actionData, {
    id: "delete-account",
    schema: deleteAccountSchema,
    shouldValidate: "onSubmit",
  });
  const { key: _key, ...confirmProps } = getInputProps(fields.confirm, { type: "checkbox", value: "on" });

  return (
    <FormPage title="Konto löschen" width="medium">
      <p className="mt-4">
        Du bist angemeldet als <strong>{email}</strong>. Wenn du dein Konto löschst,
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>werden dein Profil, deine Anmeldung und alle Sitzungen gelöscht,</li>
        <li>werden die Teilnehmer, die du für Veranstaltungen angemeldet hast, gelöscht,</li>
        <li>werden dein Newsletter-Abonnement und deine Kontaktanfragen mit dieser E-Mail-Adresse gelöscht,</li>
        <li>werden deine Wartelisten-Plätze und noch nicht versandte E-Mails an dich gelöscht,</li>
        <li>
          bleiben Widerrufe, Kündigungen und eingelöste Gutscheine als Belege erhalten, ohne E-Mail-Adresse, Anmerkungen
          und Kündigungsgrund.
        </li>
      </ul>
      <p className="mt-4">{KEPT_NOTE}</p>
      {running ? (
        <p className="mt-4 rounded-lg border border-border bg-muted p-4" data-testid="running-membership">
          Deine {running.name}-Mitgliedschaft
          {running.until ? ` (gültig bis ${formatDate(running.until)})` : " (unbegrenzt)"} endet damit sofort. Möchtest
          du nur die Mitgliedschaft beenden und dein Konto behalten?{" "}
          <Link to="/vertrag-kuendigen" className="underline">
            Verträge hier kündigen
          </Link>
        </p>
      ) : null}
      <p className="mt-4 text-sm text-muted-foreground">
        Tipp: Lade vorher deine Daten herunter.{" "}
        <a href="/account/export" download className="underline">
          Meine Daten herunterladen
        </a>
      </p>
      {actionData?.notice ? <FormNotice tone="error" message={actionData.notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <CurrentPasswordField fields={fields} label="Passwort zur Bestätigung" answer={actionData} />
        <div>
          <div className="flex items-start gap-3">
            <input
              {...confirmProps}
              className="mt-1 size-5"
              aria-invalid={fields.confirm.errors ? true : undefined}
              aria-describedby={fields.confirm.errors ? fields.confirm.errorId : undefined}
            />
            <label htmlFor={fields.confirm.id}>
              Ja, ich möchte mein Konto endgültig löschen. Das kann nicht rückgängig gemacht werden.
            </label>
          </div>
          <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" pending={pending}>
            Konto endgültig löschen
          </Button>
          <Link to="/dashboard?tab=profile" className={buttonClass("outline")}>
            Abbrechen
          </Link>
        </div>
      </Form>
    </FormPage>
  );
}
