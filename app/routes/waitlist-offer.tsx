import { data, Form, Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/waitlist-offer";
import { NewsletterTokenPage, TokenOutcome } from "~/components/newsletter/token-page";
import { Button } from "~/components/ui/button";
import { addLine, itemPath } from "~/lib/cart";
import { formatDateTime } from "~/lib/format";
import { tokenSchema } from "~/lib/schemas/newsletter";
import { TOKEN_PAGE_META } from "~/lib/token-page";
import { readCart, serializeCart } from "~/server/cart/cart-cookie.server";
import { leaveWaitlist, waitlistLinkOf } from "~/server/catalog/waitlist.server";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/server/http/token-page.server";

/**
 * /warteliste?token=…: the link of a waitlist offer mail (issue 27). GET shows the offer and two
 * buttons; only a POST books (puts the held seats into the cart) or gives the seats up, so a mail
 * scanner following the link changes nothing. The token is the proof: the entry is read as the
 * service role.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Dein Platz von der Warteliste – BeHappy" },
  { name: "robots", content: "noindex" },
  TOKEN_PAGE_META,
];

export const headers: Route.HeadersFunction = tokenPageHeaders;

async function linkOf(raw: unknown) {
  const token = tokenSchema.safeParse(raw ?? undefined);
  if (!token.success) return { token: null, link: null };
  return { token: token.data, link: await withViewer(SERVICE, (tx) => waitlistLinkOf(tx, token.data)) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { token, link } = await linkOf(new URL(request.url).searchParams.get("token"));
  return data({ token, link }, { status: link ? 200 : 400, headers: TOKEN_PAGE_HEADERS });
}

const seatsText = (seats: number) => (seats === 1 ? "1 Platz" : `${seats} Plätze`);

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const { token, link } = await linkOf(formData.get("token"));
  const back = `/warteliste?token=${encodeURIComponent(token ?? "")}`;
  if (!link) return data({ token, link }, { status: 400, headers: TOKEN_PAGE_HEADERS });

  if (formData.get("intent") === "leave") {
    await withViewer(SERVICE, (tx) => leaveWaitlist(tx, link.entryId));
    return redirectWithSuccess(back, {
      message: "Du hast die Warteliste verlassen",
      description: "Wir fragen die nächste Person. Danke, dass du Bescheid gegeben hast!",
    });
  }
  if (link.state !== "offered") return redirectWithError(back, { message: "Die Reservierung gilt nicht mehr" });
  // The held seats go into the cart in the number offered; place_order gives them to this address.
  // The line remembers how many were offered, so the cart can say why it allows no more.
  const lines = (await readCart(request)).filter((l) => l.itemId !== link.itemId);
  const change = addLine(lines, { itemId: link.itemId, itemType: link.itemType, held: link.seats }, link.seats);
  if (!change.ok) {
    return redirectWithError(back, {
      message: "Der Warenkorb ist voll",
      description: "Bitte entferne einen Artikel aus dem Warenkorb und versuche es dann erneut.",
    });
  }
  return redirectWithSuccess(
    "/cart",
    {
      message: "Dein Platz liegt im Warenkorb",
      description: `Bitte buche bis ${formatDateTime(link.expiresAt)} Uhr mit einem Konto zur E-Mail-Adresse ${link.email}.`,
    },
    { headers: { "Set-Cookie": await serializeCart(change.lines) } },
  );
}

export default function WaitlistOfferRoute() {
  const { token, link } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (!token || !link) {
    return (
      <TokenOutcome
        tone="error"
        title="Link ungültig"
        text="Dieser Link ist ungültig oder nicht mehr gültig. Bitte nutze den Link aus deiner neuesten E-Mail."
        link={{ to: "/events", label: "Zu den Veranstaltungen" }}
      />
    );
  }
  const itemLink = { to: itemPath(link.itemType, link.itemId), label: `Zu „${link.title}“` };
  if (link.state === "booked") {
    return (
      <TokenOutcome tone="success" title="Schon gebucht" text={`Du hast „${link.title}“ gebucht.`} link={itemLink} />
    );
  }
  if (link.state === "left") {
    return (
      <TokenOutcome
        tone="success"
        title="Warteliste verlassen"
        text={`Du stehst nicht mehr auf der Warteliste für „${link.title}“.`}
        link={itemLink}
      />
    );
  }
  if (link.state === "expired") {
    return (
      <TokenOutcome
        tone="error"
        title="Die Reservierung ist abgelaufen"
        text={`Wir konnten ${seatsText(link.seats)} für „${link.title}“ nicht länger für dich halten; jetzt ist die nächste Person auf der Warteliste dran.`}
        link={itemLink}
      />
    );
  }
  return (
    <NewsletterTokenPage
      title={link.state === "offered" ? "Dein Platz ist reserviert" : "Du stehst auf der Warteliste"}
    >
      {link.state === "offered" ? (
        <>
          <p>
            Für „{link.title}“ halten wir {seatsText(link.seats)} bis {formatDateTime(link.expiresAt)} Uhr für dich.
          </p>
          <p className="mt-2">
            Buche mit einem Konto zur E-Mail-Adresse {link.email} – unter ihr ist dein Platz reserviert.
          </p>
        </>
      ) : (
        <p>Sobald ein Platz für „{link.title}“ frei wird, schreiben wir dir.</p>
      )}
      <div className="mt-6 flex flex-col items-center gap-3">
        {link.state === "offered" ? (
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" name="intent" value="book" pending={busy}>
              In den Warenkorb und buchen
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" name="intent" value="leave" variant="outline" pending={busy}>
            {link.state === "offered" ? "Platz freigeben" : "Warteliste verlassen"}
          </Button>
        </Form>
        <Link to={itemLink.to} className="font-medium text-primary underline underline-offset-4">
          {itemLink.label}
        </Link>
      </div>
    </NewsletterTokenPage>
  );
}
