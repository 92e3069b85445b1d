import { useEffect, useRef, type ReactNode } from "react";
import { JoinButton } from "~/components/site/join-cta";
import { buttonClass } from "~/components/ui/button";
import { SparklesIcon } from "~/components/ui/icons";
import type { ResultBand } from "~/lib/self-tests/types";

/** The server-rendered result of a self-test: band, explanation, tips, restart and join links. */
export function SelfTestResult({
  band,
  summary,
  restartHref,
  children,
}: {
  band: ResultBand;
  summary: ReactNode;
  restartHref: string;
  children?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="ergebnis-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-10"
    >
      <p className="flex items-center gap-2 text-sm font-medium uppercase tracking-wide text-primary">
        <SparklesIcon size={18} />
        Dein Ergebnis
      </p>
      <h2
        id="ergebnis-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-3xl font-bold tracking-tight focus:outline-none"
      >
        {band.title}
      </h2>
      <div className="mt-3 text-muted-foreground">{summary}</div>
      {children}
      <p className="mt-6 text-lg leading-relaxed">{band.text}</p>
      <h3 className="mt-8 text-xl font-semibold">Unsere Tipps für dich</h3>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        {band.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-muted-foreground">
        Dieser Selbsttest dient deiner Reflexion und ersetzt keine psychologische oder medizinische Beratung.
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <JoinButton />
        <a href={restartHref} className={buttonClass("outline", "lg")}>
          Test wiederholen
        </a>
      </div>
    </section>
  );
}
