import { Fragment } from "react";
import { useLoaderData } from "react-router";
import { BreakableAddress } from "~/components/breakable-address";
import { MissionBlock } from "~/components/site/mission-block";
import { pageHeaders } from "~/server/http/cache-policy.server";
import { isLegalSlug, legalPagesFor, type LegalBlock, type LegalPage } from "~/content/legal";
import { env } from "~/server/platform/env.server";
import { hyphenate } from "~/server/platform/hyphenation.server";
import { operator } from "~/server/platform/operator.server";
import { canonicalLink } from "~/lib/catalog/seo";
import type { Route } from "./+types/legal";

/* Serves /agb, /datenschutz and /impressum (route ids "agb", "datenschutz", "impressum"). */

/**
 * The page is built on the server from the configured operator (Impressum, AGB, privacy). Its
 * visible text gets soft hyphens ("Verbraucherstreitbeilegungsgesetz" on a phone); the meta title
 * and description stay plain.
 */
export function loader({ request }: Route.LoaderArgs): { page: LegalPage } {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  const pages = legalPagesFor(operator(), { shippingFee: env().shippingFee });
  return { page: hyphenatePage(isLegalSlug(slug) ? pages[slug] : pages.impressum) };
}

function hyphenatePage(page: LegalPage): LegalPage {
  const block = (b: LegalBlock): LegalBlock => {
    switch (b.type) {
      case "p":
      case "h3":
        return { ...b, text: hyphenate(b.text) };
      case "ul":
        return { ...b, items: b.items.map(hyphenate) };
      case "lines":
        return { ...b, lines: b.lines.map(hyphenate) };
      case "dl":
        return { ...b, items: b.items.map((item) => ({ ...item, value: hyphenate(item.value) })) };
    }
  };
  return {
    ...page,
    title: hyphenate(page.title),
    intro: page.intro ? hyphenate(page.intro) : page.intro,
    sections: page.sections.map((s) => ({ ...s, heading: hyphenate(s.heading), blocks: s.blocks.map(block) })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page;
  if (!page) return [];
  return [
    { title: page.metaTitle },
    { name: "description", content: page.description },
    ...canonicalLink(matches, `/${page.slug}`),
  ];
}

export const headers: Route.HeadersFunction = (args) => pageHeaders(args, "staticPage");

export default function Legal() {
  const { page } = useLoaderData<typeof loader>();
  const showToc = page.sections.length > 5;
  return (
    <>
      <article className="mx-auto max-w-4xl px-4 py-16 sm:px-6" aria-labelledby="legal-title">
        <header>
          <h1 id="legal-title" className="text-4xl font-bold tracking-tight">
            {page.title}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">Stand: {page.updated}</p>
          {page.intro ? <p className="mt-6 max-w-[72ch] text-lg text-muted-foreground">{page.intro}</p> : null}
        </header>

        {showToc ? (
          <nav aria-labelledby="legal-toc" className="mt-10 rounded-xl border border-border bg-card p-6">
            <h2 id="legal-toc" className="text-lg font-semibold">
              Inhalt
            </h2>
            <ol className="mt-3 grid gap-x-8 gap-y-1 sm:grid-cols-2">
              {page.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline sm:min-h-8"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        <div className="prose-content mt-6">
          {page.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
        </div>
      </article>

      <MissionBlock />
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case "p":
      return <p>{block.text}</p>;
    case "h3":
      return <h3>{block.text}</h3>;
    case "ul":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "lines":
      return (
        <p>
          {block.lines.map((line, index) => (
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      );
    case "dl":
      return (
        <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {block.items.map((item) => (
            <Fragment key={item.term}>
              <dt className="font-medium">{item.term}:</dt>
              <dd>
                {item.href ? (
                  <a href={item.href}>
                    <BreakableAddress text={item.value} />
                  </a>
                ) : (
                  item.value
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      );
  }
}
