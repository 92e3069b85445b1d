import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/not-found";

/* Catch-all route ("*"): renders the not-found page with HTTP status 404. */

export function meta(_: Route.MetaArgs) {
  return [{ title: "Seite nicht gefunden – BeHappy" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return data({}, { status: 404 });
}

/** The not-found content; also rendered by root's ErrorBoundary for thrown 404s. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <Link to="/" className={buttonClass("default", "lg", "mt-10")}>
        Zurück zur Startseite
      </Link>
    </section>
  );
}

export default function NotFoundRoute() {
  return <NotFound />;
}
