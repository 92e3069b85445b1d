import { berlinParts } from "~/lib/berlin-time";
import type { CatalogItem, CourseItem, EventItem, ProductItem } from "~/lib/catalog/types";

/** schema.org JSON-LD for detail pages (Product, Event, Course). `absolute` turns "/x" into a full URL. */
export function structuredData(item: CatalogItem, url: string, absolute: (path: string) => string) {
  const image = item.image_url.startsWith("/") ? absolute(item.image_url) : item.image_url;
  switch (item.kind) {
    case "products":
      return productLd(item, url, image);
    case "events":
      return eventLd(item, url, image);
    case "courses":
      return courseLd(item, url, image);
  }
}

function offer(price: number | null, url: string, availability: "InStock" | "OutOfStock" | "SoldOut" = "InStock") {
  if (price === null) return undefined;
  return {
    "@type": "Offer",
    price: price.toFixed(2),
    priceCurrency: "EUR",
    availability: `https://schema.org/${availability}`,
    url,
  };
}

function productLd(item: ProductItem, url: string, image: string) {
  return compact({
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.title,
    description: item.description ?? undefined,
    category: item.category,
    image,
    url,
    brand: { "@type": "Brand", name: "BeHappy" },
    offers: offer(item.price, url, item.availability ? "InStock" : "OutOfStock"),
  });
}

/** "14.03.2027", "07.05.2027 – 09.05.2027", "ab 01.04.2027" → ISO dates (free text, spec §3). */
export function isoDates(text: string | null): { start?: string; end?: string } {
  if (!text) return {};
  const found = [...text.matchAll(/(\d{1,2})\.(\d{1,2})\.(\d{4})/g)].map(
    ([, d, m, y]) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`,
  );
  return { start: found[0], end: found[1] };
}

/** An instant as Berlin local time with its offset, "2027-03-14T10:00:00+01:00" (what search engines read). */
export function berlinIso(iso: string) {
  const p = berlinParts(iso);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${p.offset}`;
}

function eventLd(item: EventItem, url: string, image: string) {
  // The real times when the event has them, else what the free-text date says.
  const { start, end } = item.starts_at
    ? { start: berlinIso(item.starts_at), end: item.ends_at ? berlinIso(item.ends_at) : undefined }
    : isoDates(item.date);
  const online = /online/i.test(item.location ?? "");
  return compact({
    "@context": "https://schema.org",
    "@type": "Event",
    name: item.title,
    description: item.description ?? undefined,
    image,
    url,
    startDate: start,
    endDate: end,
    eventAttendanceMode: online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: item.location
      ? online
        ? { "@type": "VirtualLocation", url }
        : { "@type": "Place", name: item.location, address: item.location }
      : undefined,
    organizer: { "@type": "Organization", name: item.provider ?? "BeHappy", url: absoluteOrigin(url) },
    offers: offer(item.price, url, item.seats_left === 0 ? "SoldOut" : "InStock"),
  });
}

function courseLd(item: CourseItem, url: string, image: string) {
  return compact({
    "@context": "https://schema.org",
    "@type": "Course",
    name: item.title,
    description: item.description ?? item.title,
    image,
    url,
    provider: { "@type": "Organization", name: item.provider ?? "BeHappy" },
    offers: offer(item.price, url),
  });
}

function absoluteOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function compact<T extends Record<string, unknown>>(value: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
