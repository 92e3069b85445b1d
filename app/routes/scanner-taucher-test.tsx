import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/scanner-taucher-test";
import { seoMeta } from "~/lib/catalog/seo";
import { SelfTestForm } from "~/components/self-test/self-test-form";
import { SelfTestResult } from "~/components/self-test/self-test-result";
import { parseAnswers } from "~/lib/schemas/self-test";
import { scoreScannerTaucher, TYPE_STATEMENTS } from "~/lib/self-tests/scanner-taucher";
import { canonicalUrl } from "~/server/queries/catalog.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Scanner-Taucher-Test",
    description:
      "Bist du ein Scanner mit vielen Interessen oder ein Taucher, der in die Tiefe geht? Finde es mit 14 Aussagen heraus – mit Erklärung und Tipps.",
    canonical: loaderData?.canonical,
  });

export function loader() {
  return { canonical: canonicalUrl("/scanner-taucher-test") };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseAnswers(await request.formData(), TYPE_STATEMENTS);
  if (!parsed.ok) {
    return data(
      { state: "invalid" as const, answers: parsed.answers, errors: parsed.errors, formError: parsed.formError },
      { status: 400 },
    );
  }
  return { state: "result" as const, result: scoreScannerTaucher(parsed.answers) };
}

export default function ScannerTaucherTestPage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <header>
        <p className="text-sm font-medium uppercase tracking-wide text-primary">Selbsttest</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Scanner-Taucher-Test</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Manche Menschen lieben die Vielfalt und interessieren sich für tausend Dinge – sie sind{" "}
          <strong>Scanner</strong>. Andere tauchen tief in ein Thema ein und bleiben jahrelang dabei – sie sind{" "}
          <strong>Taucher</strong>. Beides ist wertvoll. Finde heraus, was dich antreibt, und wie du deine Art zu deiner
          Stärke machst.
        </p>
      </header>
      <div className="mt-10">
        {actionData?.state === "result" ? (
          <SelfTestResult
            band={actionData.result.band}
            restartHref="/scanner-taucher-test"
            summary={
              <p>
                Dein Scanner-Anteil: <strong className="text-foreground">{actionData.result.scannerShare} %</strong>,
                dein Taucher-Anteil:{" "}
                <strong className="text-foreground">{100 - actionData.result.scannerShare} %</strong>
              </p>
            }
          >
            <div aria-hidden="true" className="mt-4">
              <div className="flex h-3 w-full overflow-hidden rounded-full bg-secondary">
                <div className="h-full bg-primary" style={{ width: `${actionData.result.scannerShare}%` }} />
              </div>
              <div className="mt-1 flex justify-between text-xs text-muted-foreground">
                <span>Scanner</span>
                <span>Taucher</span>
              </div>
            </div>
          </SelfTestResult>
        ) : (
          <SelfTestForm
            statements={TYPE_STATEMENTS}
            answers={actionData?.state === "invalid" ? actionData.answers : undefined}
            errors={actionData?.state === "invalid" ? actionData.errors : undefined}
            formError={actionData?.state === "invalid" ? actionData.formError : undefined}
          />
        )}
      </div>
      <p className="mt-10 text-muted-foreground">
        Noch neugierig?{" "}
        <Link to="/glueckstest" className="font-medium text-primary underline underline-offset-4">
          Mach auch den Glückstest
        </Link>
        .
      </p>
    </div>
  );
}
