import type { ReactNode } from "react";
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/self-test";
import { SelfTestForm } from "~/components/self-test/self-test-form";
import { SelfTestResult } from "~/components/self-test/self-test-result";
import { seoMeta } from "~/lib/catalog/seo";
import { parseAnswers } from "~/lib/schemas/self-test";
import { HAPPINESS_STATEMENTS, scoreHappiness } from "~/lib/self-tests/glueckstest";
import { scoreScannerTaucher, TYPE_STATEMENTS } from "~/lib/self-tests/scanner-taucher";
import type { Answers } from "~/lib/self-tests/types";
import { publicUrl } from "~/server/http/urls.server";

/* Serves /glueckstest and /scanner-taucher-test (route ids of the same names), as legal.tsx does. */

const TESTS = {
  glueckstest: {
    title: "Glückstest",
    description:
      "Wie glücklich bist du gerade? 12 Aussagen, 3 Minuten: Der BeHappy-Glückstest zeigt dir, wo du stehst, und gibt dir Tipps für mehr Leichtigkeit.",
    statements: HAPPINESS_STATEMENTS,
    score: (answers: Answers) => ({ test: "glueckstest" as const, ...scoreHappiness(answers) }),
    intro: (
      <>
        Nimm dir drei Minuten für dich: Wie zufrieden bist du gerade mit deinem Leben? Die {HAPPINESS_STATEMENTS.length}{" "}
        Aussagen helfen dir, ehrlich hinzuschauen – und zeigen dir, wo dein nächster kleiner Schritt liegen kann.
      </>
    ),
    next: {
      lead: "Lust auf einen zweiten Blickwinkel?",
      href: "/scanner-taucher-test",
      label: "Mach den Scanner-Taucher-Test",
    },
  },
  "scanner-taucher-test": {
    title: "Scanner-Taucher-Test",
    description:
      "Bist du ein Scanner mit vielen Interessen oder ein Taucher, der in die Tiefe geht? Finde es mit 14 Aussagen heraus – mit Erklärung und Tipps.",
    statements: TYPE_STATEMENTS,
    score: (answers: Answers) => ({ test: "scanner-taucher-test" as const, ...scoreScannerTaucher(answers) }),
    intro: (
      <>
        Manche Menschen lieben die Vielfalt und interessieren sich für tausend Dinge – sie sind <strong>Scanner</strong>
        . Andere tauchen tief in ein Thema ein und bleiben jahrelang dabei – sie sind <strong>Taucher</strong>. Beides
        ist wertvoll. Finde heraus, was dich antreibt, und wie du deine Art zu deiner Stärke machst.
      </>
    ),
    next: { lead: "Noch neugierig?", href: "/glueckstest", label: "Mach auch den Glückstest" },
  },
};

type Slug = keyof typeof TESTS;
type Result = ReturnType<(typeof TESTS)[Slug]["score"]>;

function slugOf(pathname: string): Slug {
  return pathname.replace(/^\/+|\/+$/g, "") === "scanner-taucher-test" ? "scanner-taucher-test" : "glueckstest";
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const test = TESTS[slugOf(location.pathname)];
  return seoMeta({ title: test.title, description: test.description, canonical: loaderData?.canonical });
};

export function loader({ request }: Route.LoaderArgs) {
  const slug = slugOf(new URL(request.url).pathname);
  return { slug, canonical: publicUrl(`/${slug}`) };
}

export async function action({ request }: Route.ActionArgs) {
  const test = TESTS[slugOf(new URL(request.url).pathname)];
  const parsed = parseAnswers(await request.formData(), test.statements);
  if (!parsed.ok) {
    return data(
      { state: "invalid" as const, answers: parsed.answers, errors: parsed.errors, formError: parsed.formError },
      { status: 400 },
    );
  }
  return { state: "result" as const, result: test.score(parsed.answers) as Result };
}

export default function SelfTestPage() {
  const { slug } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const test = TESTS[slug];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <header>
        <p className="text-sm font-medium uppercase tracking-wide text-primary">Selbsttest</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">{test.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{test.intro}</p>
      </header>
      <div className="mt-10">
        {actionData?.state === "result" ? (
          <SelfTestResult
            band={actionData.result.band}
            restartHref={`/${slug}`}
            summary={<Summary result={actionData.result} />}
          >
            <Scale result={actionData.result} />
          </SelfTestResult>
        ) : (
          <SelfTestForm
            statements={test.statements}
            answers={actionData?.state === "invalid" ? actionData.answers : undefined}
            errors={actionData?.state === "invalid" ? actionData.errors : undefined}
            formError={actionData?.state === "invalid" ? actionData.formError : undefined}
          />
        )}
      </div>
      <p className="mt-10 text-muted-foreground">
        {test.next.lead}{" "}
        <Link to={test.next.href} className="font-medium text-primary underline underline-offset-4">
          {test.next.label}
        </Link>
        .
      </p>
    </div>
  );
}

function Summary({ result }: { result: Result }): ReactNode {
  if (result.test === "glueckstest") {
    return (
      <p>
        Dein Glückswert: <strong className="text-foreground">{result.score} von 100</strong>
      </p>
    );
  }
  return (
    <p>
      Dein Scanner-Anteil: <strong className="text-foreground">{result.scannerShare} %</strong>, dein Taucher-Anteil:{" "}
      <strong className="text-foreground">{100 - result.scannerShare} %</strong>
    </p>
  );
}

function Scale({ result }: { result: Result }) {
  if (result.test === "glueckstest") {
    return (
      <div aria-hidden="true" className="mt-4 h-3 w-full overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary" style={{ width: `${result.score}%` }} />
      </div>
    );
  }
  return (
    <div aria-hidden="true" className="mt-4">
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-secondary">
        <div className="h-full bg-primary" style={{ width: `${result.scannerShare}%` }} />
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>Scanner</span>
        <span>Taucher</span>
      </div>
    </div>
  );
}
