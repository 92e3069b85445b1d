import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { Button } from "~/components/ui/button";
import { NewsletterTokenPage } from "~/components/newsletter/token-page";
import { tokenSchema } from "~/lib/schemas/newsletter";
import { getAuth } from "~/server/auth/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/log.server";
import { confirmNewsletter } from "~/server/queries/newsletter.server";
import { cacheHeaders } from "~/server/cache-policy.server";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter-Anmeldung bestätigen – BeHappy" },
  { name: "robots", content: "noindex" },
];

/** GET only shows the button: following a link (or a mail scanner prefetching it) changes nothing. */
export function loader({ request }: Route.LoaderArgs) {
  const token = tokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  return data(
    { token: token.success ? token.data : null },
    {
      status: token.success ? 200 : 400,
      headers: cacheHeaders("private", { "Referrer-Policy": "no-referrer" }),
    },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const token = tokenSchema.safeParse(formData.get("token") ?? undefined);
  if (!token.success) return data({ state: "invalid" as const }, { status: 400 });
  try {
    const ok = await withViewer(getAuth(context).viewer, (tx) => confirmNewsletter(tx, token.data));
    return data({ state: ok ? ("done" as const) : ("invalid" as const) }, { status: ok ? 200 : 400 });
  } catch (error) {
    logger.error("newsletter confirmation failed", { error: (error as Error).message });
    return data({ state: "error" as const }, { status: 500 });
  }
}

export default function NewsletterConfirmPage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  if (result?.state === "done") {
    return (
      <NewsletterTokenPage tone="success" title="Anmeldung bestätigt!">
        <p>
          Schön, dass du dabei bist! Ab jetzt erhältst du unseren Newsletter mit Impulsen, neuen Kursen und
          Veranstaltungen. Abmelden kannst du dich jederzeit über den Link in jeder E-Mail.
        </p>
        <Link to="/offers" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
          Jetzt Angebote entdecken
        </Link>
      </NewsletterTokenPage>
    );
  }
  if (!token || result?.state === "invalid") {
    return (
      <NewsletterTokenPage tone="error" title="Link ungültig">
        <p>
          Dieser Bestätigungslink ist ungültig oder wird nicht mehr verwendet. Bitte melde dich erneut für den
          Newsletter an.
        </p>
        <Link to="/newsletter" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
          Zur Newsletter-Anmeldung
        </Link>
      </NewsletterTokenPage>
    );
  }
  return (
    <NewsletterTokenPage title="Newsletter-Anmeldung bestätigen">
      {result?.state === "error" ? (
        <p role="alert" className="mb-4 font-medium text-destructive">
          Die Bestätigung hat nicht geklappt. Bitte versuche es später erneut.
        </p>
      ) : null}
      <p>Fast geschafft! Bitte bestätige mit einem Klick, dass du unseren Newsletter erhalten möchtest.</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" disabled={busy}>
          {busy ? "Wird gesendet..." : "Anmeldung bestätigen"}
        </Button>
      </Form>
    </NewsletterTokenPage>
  );
}
