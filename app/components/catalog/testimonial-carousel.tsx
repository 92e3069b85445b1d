import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useHydrated, useMediaQuery } from "~/components/hydrated";
import { Button } from "~/components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon, QuoteIcon } from "~/components/ui/icons";
import { NameAndRole } from "~/components/site/name-and-role";
import { Portrait } from "~/components/site/portrait";

export type CarouselTestimonial = {
  id: number | string;
  name: string;
  role: string;
  image: string;
  image_right?: boolean;
  text: string;
};

/** Spec §9: advance every 8000 ms; a 500 ms lock ignores clicks during a change. */
export const CAROUSEL_INTERVAL_MS = 8000;
export const CAROUSEL_LOCK_MS = 500;

const slideId = (id: CarouselTestimonial["id"]) => `stimme-${id}`;

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}
const readHash = () => window.location.hash;

/**
 * Testimonial carousel. Without JavaScript it is a horizontal scroll-snap strip whose dots are
 * anchor links, so every testimonial is reachable. With JavaScript the slides fade (one visible,
 * the others inert), with previous/next buttons, dots, wrap-around, a 500 ms click lock, autoplay
 * every 8 s that pauses on hover, on focus, with the pause button and under prefers-reduced-motion.
 */
export function TestimonialCarousel({
  testimonials,
  title = "Das sagen unsere Mitglieder",
}: {
  testimonials: CarouselTestimonial[];
  title?: string;
}) {
  const count = testimonials.length;
  const [index, setIndex] = useState(0);
  const enhanced = useHydrated();
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const locked = useRef(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(lockTimer.current), []);

  // A testimonial's anchor (#stimme-3) chosen before the page hydrated, or a shared deep link,
  // becomes the one shown once the carousel takes over, and so does every later anchor.
  const hash = useSyncExternalStore(subscribeToHash, readHash, () => "");
  const [shownHash, setShownHash] = useState("");
  if (hash !== shownHash) {
    setShownHash(hash);
    const linked = testimonials.findIndex((testimonial) => `#${slideId(testimonial.id)}` === hash);
    if (linked >= 0) setIndex(linked);
  }

  /** Changes the slide unless a change is still running (500 ms lock). Wraps around. */
  const go = useCallback(
    (target: (current: number) => number) => {
      if (locked.current || count === 0) return;
      locked.current = true;
      clearTimeout(lockTimer.current);
      lockTimer.current = setTimeout(() => {
        locked.current = false;
      }, CAROUSEL_LOCK_MS);
      setIndex((current) => ((target(current) % count) + count) % count);
    },
    [count],
  );

  const playing = enhanced && !stopped && !hovered && !focused && !reducedMotion && count > 1;

  // One timer per shown slide: every change (manual or automatic) restarts the 8 s.
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => go((current) => current + 1), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [playing, index, go]);

  if (count === 0) return null;

  return (
    <section
      aria-labelledby="testimonials-heading"
      aria-roledescription="Karussell"
      className="mx-auto max-w-5xl px-4 py-16 sm:px-6"
      data-carousel={enhanced ? "enhanced" : "static"}
      data-playing={playing ? "true" : "false"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <h2 id="testimonials-heading" className="section-title text-center">
        {title}
      </h2>

      {/* Its layout, before and after the carousel takes over: .testimonial-strip in app/styles/content.css. */}
      <div
        className="testimonial-strip"
        // Without JS the strip scrolls; it must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={enhanced ? undefined : 0}
        role={enhanced ? undefined : "region"}
        aria-label={enhanced ? undefined : "Stimmen unserer Mitglieder, seitlich scrollbar"}
        aria-live={enhanced ? (playing ? "off" : "polite") : undefined}
      >
        {testimonials.map((testimonial, position) => {
          const active = position === index;
          const hidden = enhanced && !active;
          return (
            <div
              key={testimonial.id}
              id={slideId(testimonial.id)}
              role="group"
              aria-roledescription="Folie"
              aria-label={`${position + 1} von ${count}`}
              aria-hidden={hidden || undefined}
              inert={hidden || undefined}
              data-testimonial=""
              data-active={enhanced ? String(active) : undefined}
              className="testimonial-slide"
            >
              <div className="testimonial-card" data-image-right={testimonial.image_right || undefined}>
                <Portrait src={testimonial.image} size={112} />
                <figure>
                  <QuoteIcon size={28} />
                  <blockquote>
                    <p>{testimonial.text}</p>
                  </blockquote>
                  <figcaption>
                    <NameAndRole name={testimonial.name} role={testimonial.role} />
                  </figcaption>
                </figure>
              </div>
            </div>
          );
        })}
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        {enhanced ? (
          <Button
            variant="outline"
            size="icon"
            onClick={() => go((current) => current - 1)}
            aria-controls={slideId(testimonials[index].id)}
          >
            <ChevronLeftIcon />
            <span className="sr-only">Vorherige Stimme</span>
          </Button>
        ) : null}

        <ul className="flex items-center gap-1" aria-label="Stimme auswählen">
          {testimonials.map((testimonial, position) => {
            const active = enhanced && position === index;
            return (
              <li key={testimonial.id}>
                <a
                  href={`#${slideId(testimonial.id)}`}
                  aria-current={active ? "true" : undefined}
                  onClick={(event) => {
                    if (!enhanced) return;
                    event.preventDefault();
                    go(() => position);
                  }}
                  className="carousel-dot"
                >
                  <span className="sr-only">{`Stimme ${position + 1} von ${count}: ${testimonial.name}`}</span>
                </a>
              </li>
            );
          })}
        </ul>

        {enhanced ? (
          <Button
            variant="outline"
            size="icon"
            onClick={() => go((current) => current + 1)}
            aria-controls={slideId(testimonials[index].id)}
          >
            <ChevronRightIcon />
            <span className="sr-only">Nächste Stimme</span>
          </Button>
        ) : null}

        {enhanced && !reducedMotion ? (
          <Button variant="ghost" size="sm" onClick={() => setStopped((value) => !value)}>
            {stopped ? "Automatisch weiterblättern" : "Automatisches Weiterblättern anhalten"}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
