import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Button } from "~/components/ui/button";
import { NewsletterTokenPage } from "~/components/newsletter/token-page";
import { tokenSchema } from "~/lib/schemas/newsletter";
import { getAuth } from "~/server/auth/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/log.server";
import { unsubscribeNewsletter } from "~/server/queries/newsletter.server";
import { cacheHeaders } from "~/server/cache-policy.server";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter abbestellen – BeHappy" },
  { name: "robots", content: "noindex" },
];

/** GET only shows the button; the change happens on POST. */
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
    const ok = await withViewer(getAuth(context).viewer, (tx) => unsubscribeNewsletter(tx, token.data));
    return data({ state: ok ? ("done" as const) : ("invalid" as const) }, { status: ok ? 200 : 400 });
  } catch (error) {
    logger.error("newsletter unsubscribe failed", { error: (error as Error).message });
    return data({ state: "error" as const }, { status: 500 });
  }
}

export default function NewsletterUnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  if (result?.state === "done") {
    return (
      <NewsletterTokenPage tone="success" title="Du bist abgemeldet">
        <p>
          Schade, dass du gehst! Du erhältst ab sofort keinen Newsletter mehr von uns. Du kannst dich jederzeit wieder
          anmelden.
        </p>
        <Link to="/" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
          Zur Startseite
        </Link>
      </NewsletterTokenPage>
    );
  }
  if (!token || result?.state === "invalid") {
    return (
      <NewsletterTokenPage tone="error" title="Link ungültig">
        <p>Dieser Abmeldelink ist ungültig. Bitte nutze den Link aus einer unserer E-Mails oder schreib uns.</p>
        <Link to="/contact" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
          Zum Kontaktformular
        </Link>
      </NewsletterTokenPage>
    );
  }
  return (
    <NewsletterTokenPage title="Newsletter abbestellen">
      {result?.state === "error" ? (
        <p role="alert" className="mb-4 font-medium text-destructive">
          Die Abmeldung hat nicht geklappt. Bitte versuche es später erneut.
        </p>
      ) : null}
      <p>Möchtest du unseren Newsletter wirklich nicht mehr erhalten? Ein Klick genügt.</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" disabled={busy}>
          {busy ? "Wird gesendet..." : "Newsletter abbestellen"}
        </Button>
      </Form>
    </NewsletterTokenPage>
  );
}
