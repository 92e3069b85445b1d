import { useLocation } from "react-router";
import type { Route } from "./+types/content-page";
import { AboutPageBody } from "~/components/site/pages/about";
import { CommunityPageBody } from "~/components/site/pages/community";
import { ConceptPageBody } from "~/components/site/pages/concept";
import { TeamPageBody } from "~/components/site/pages/team";
import { PageHero } from "~/components/site/section";
import { aboutPage, communityPage, conceptPage, teamPage } from "~/content/pages";
import { staticPageMeta } from "~/lib/catalog/seo";
import { pageHeaders } from "~/server/http/cache-policy.server";

/*
 * Serves /about, /community (and /community2), /concept and /team (route ids of the same names), as
 * legal.tsx does: the words that frame each page come from app/content/pages.ts, its body from
 * app/components/site/pages/.
 */

const PAGES = {
  about: { page: aboutPage, Body: AboutPageBody },
  community: { page: communityPage, Body: CommunityPageBody },
  concept: { page: conceptPage, Body: ConceptPageBody },
  team: { page: teamPage, Body: TeamPageBody },
};

function contentPageOf(pathname: string) {
  const slug = pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  return slug === "community2" ? PAGES.community : (PAGES[slug as keyof typeof PAGES] ?? PAGES.about);
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { page } = contentPageOf(location.pathname);
  return staticPageMeta(matches, page.path, page);
};

export const headers: Route.HeadersFunction = (args) => pageHeaders(args, "staticPage");

export default function ContentPage() {
  const { page, Body } = contentPageOf(useLocation().pathname);
  return (
    <>
      <PageHero {...page.hero} />
      <Body />
    </>
  );
}
