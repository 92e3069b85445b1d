import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ArrowRightIcon } from "~/components/ui/icons";

/** The call to action to /join at the end of the home and offers pages. */
export function JoinCta({
  title = "Bereit für mehr Glück in deinem Leben?",
  text = "Werde Teil einer Gemeinschaft von mehr als 2.500 Menschen, die gemeinsam wachsen, sich gegenseitig ermutigen und ihre Träume verwirklichen.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section aria-labelledby="join-cta-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 id="join-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg opacity-95">{text}</p>
        <Link
          to="/join"
          className={buttonClass(
            "secondary",
            "lg",
            "mt-8 bg-primary-foreground text-primary hover:bg-primary-foreground/90",
          )}
        >
          Jetzt Mitglied werden
          <ArrowRightIcon size={20} />
        </Link>
      </div>
    </section>
  );
}
