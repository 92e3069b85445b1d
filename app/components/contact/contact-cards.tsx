import { MapPinIcon } from "~/components/ui/icons";
import { MailIcon, PhoneIcon } from "~/components/ui/page-icons";
import { PostalAddress } from "~/components/ui/postal-address";
import type { Operator } from "~/lib/operator";

export type ContactOperator = Pick<
  Operator,
  "brand" | "company" | "street" | "postalCode" | "city" | "email" | "phone" | "phoneDisplay"
>;

const linkClass = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/** Address, e-mail and phone cards of /contact (operator data from the loader). */
export function ContactCards({ operator }: { operator: ContactOperator }) {
  const cards = [
    {
      id: "adresse",
      title: "Adresse",
      icon: MapPinIcon,
      body: <PostalAddress lines={[operator.company, operator.street, `${operator.postalCode} ${operator.city}`]} />,
    },
    {
      id: "email",
      title: "E-Mail",
      icon: MailIcon,
      body: (
        <a href={`mailto:${operator.email}`} className={linkClass}>
          {operator.email}
        </a>
      ),
    },
    {
      id: "telefon",
      title: "Telefon",
      icon: PhoneIcon,
      body: (
        <>
          <a href={`tel:${operator.phone}`} className={linkClass}>
            {operator.phoneDisplay}
          </a>
          <span className="mt-1 block text-sm text-muted-foreground">Mo–Fr, 9:00–17:00 Uhr</span>
        </>
      ),
    },
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map((card) => (
        <li key={card.id} className="panel">
          <span className="inline-flex rounded-full bg-accent p-3 text-primary">
            <card.icon size={24} />
          </span>
          <h2 className="mt-4 text-lg font-semibold">{card.title}</h2>
          <div className="mt-2 text-muted-foreground">{card.body}</div>
        </li>
      ))}
    </ul>
  );
}
