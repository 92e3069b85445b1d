import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/glueckstest";
import { seoMeta } from "~/lib/catalog/seo";
import { SelfTestForm } from "~/components/self-test/self-test-form";
import { SelfTestResult } from "~/components/self-test/self-test-result";
import { parseAnswers } from "~/lib/schemas/self-test";
import { HAPPINESS_STATEMENTS, scoreHappiness } from "~/lib/self-tests/glueckstest";
import { canonicalUrl } from "~/server/queries/catalog.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Glückstest",
    description:
      "Wie glücklich bist du gerade? 12 Aussagen, 3 Minuten: Der BeHappy-Glückstest zeigt dir, wo du stehst, und gibt dir Tipps für mehr Leichtigkeit.",
    canonical: loaderData?.canonical,
  });

export function loader() {
  return { canonical: canonicalUrl("/glueckstest") };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseAnswers(await request.formData(), HAPPINESS_STATEMENTS);
  if (!parsed.ok) {
    return data(
      { state: "invalid" as const, answers: parsed.answers, errors: parsed.errors, formError: parsed.formError },
      { status: 400 },
    );
  }
  return { state: "result" as const, result: scoreHappiness(parsed.answers) };
}

export default function GlueckstestPage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <header>
        <p className="text-sm font-medium uppercase tracking-wide text-primary">Selbsttest</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Glückstest</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Nimm dir drei Minuten für dich: Wie zufrieden bist du gerade mit deinem Leben? Die{" "}
          {HAPPINESS_STATEMENTS.length} Aussagen helfen dir, ehrlich hinzuschauen – und zeigen dir, wo dein nächster
          kleiner Schritt liegen kann.
        </p>
      </header>
      <div className="mt-10">
        {actionData?.state === "result" ? (
          <SelfTestResult
            band={actionData.result.band}
            restartHref="/glueckstest"
            summary={
              <p>
                Dein Glückswert: <strong className="text-foreground">{actionData.result.score} von 100</strong>
              </p>
            }
          >
            <div aria-hidden="true" className="mt-4 h-3 w-full overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-primary" style={{ width: `${actionData.result.score}%` }} />
            </div>
          </SelfTestResult>
        ) : (
          <SelfTestForm
            statements={HAPPINESS_STATEMENTS}
            answers={actionData?.state === "invalid" ? actionData.answers : undefined}
            errors={actionData?.state === "invalid" ? actionData.errors : undefined}
            formError={actionData?.state === "invalid" ? actionData.formError : undefined}
          />
        )}
      </div>
      <p className="mt-10 text-muted-foreground">
        Lust auf einen zweiten Blickwinkel?{" "}
        <Link to="/scanner-taucher-test" className="font-medium text-primary underline underline-offset-4">
          Mach den Scanner-Taucher-Test
        </Link>
        .
      </p>
    </div>
  );
}
