import { useState } from "react";
import { useHydrated } from "~/components/hydrated";
import { buttonClass } from "~/components/ui/button";
import { ExternalLinkIcon, MapPinIcon } from "~/components/ui/icons";
import type { ContactOperator } from "~/components/contact/contact-cards";

/** Example coordinates for the (example) address in Berlin-Mitte; change with the operator data. */
export const MAP_POSITION = { lat: 52.5321, lon: 13.3849 };

export function mapEmbedUrl({ lat, lon } = MAP_POSITION) {
  const bbox = [lon - 0.006, lat - 0.003, lon + 0.006, lat + 0.003].map((n) => n.toFixed(4)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat}%2C${lon}`;
}

export function mapPageUrl({ lat, lon } = MAP_POSITION) {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

export function addressSearchUrl(address: string) {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/**
 * A map that loads nothing from a third party until the visitor asks for it (privacy). With
 * JavaScript the button 'Karte anzeigen' inserts the OpenStreetMap iframe; without it, the same
 * control is a link to the map on openstreetmap.org. An address link is always there.
 */
export function ContactMap({ operator }: { operator: ContactOperator }) {
  const address = `${operator.street}, ${operator.postalCode} ${operator.city}`;
  const enhanced = useHydrated();
  const [shown, setShown] = useState(false);

  return (
    <section aria-labelledby="map-heading" className="panel">
      <h2 id="map-heading" className="text-xl font-semibold">
        So findest du uns
      </h2>
      <div className="mt-4 overflow-hidden rounded-lg border border-border">
        {shown ? (
          <iframe
            title={`Karte: ${operator.brand}, ${address}`}
            src={mapEmbedUrl()}
            width={800}
            height={400}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
            className="block aspect-[2/1] h-auto w-full border-0"
          />
        ) : (
          <div className="flex aspect-[2/1] w-full flex-col items-center justify-center gap-4 bg-muted p-6 text-center">
            <MapPinIcon size={36} className="text-primary" />
            <p className="max-w-md text-sm text-muted-foreground">
              Zum Schutz deiner Daten laden wir die Karte erst, wenn du es möchtest. Dabei werden Daten an die
              OpenStreetMap Foundation übertragen.
            </p>
            {enhanced ? (
              <button type="button" className={buttonClass("default")} onClick={() => setShown(true)}>
                Karte anzeigen
              </button>
            ) : (
              <a href={mapPageUrl()} className={buttonClass("default")} target="_blank" rel="noopener noreferrer">
                Karte anzeigen
                <span className="sr-only"> (öffnet OpenStreetMap in neuem Tab)</span>
              </a>
            )}
          </div>
        )}
      </div>
      <p className="mt-4">
        <a
          href={addressSearchUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          {address} in OpenStreetMap öffnen
          <ExternalLinkIcon size={16} />
          <span className="sr-only">(öffnet in neuem Tab)</span>
        </a>
      </p>
    </section>
  );
}
