import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/format";
import type { CartItemType } from "~/lib/cart";
import { QuantityInput } from "~/components/cart/quantity-input";
import { LineUnavailable } from "~/components/cart/cart-notices";

interface Line {
  id: string;
  itemId: string;
  itemType: CartItemType;
  title: string;
  imageUrl: string;
  unitPrice: number;
  regularPrice: number;
  quantity: number;
  lineTotal: number;
  isMembership: boolean;
  available: boolean;
  past: boolean;
}

const HREF: Record<CartItemType, string> = { product: "/products", course: "/courses", event: "/events" };

/** One cart line; each control is its own form posting to /cart (works without JavaScript). */
export function CartLineRow({ line }: { line: Line }) {
  return (
    // One grid per line with the same tracks, so quantities, sums and buttons line up from row to row.
    <li className="flex flex-col gap-4 p-4 sm:grid sm:grid-cols-[6rem_minmax(0,1fr)_auto_7rem_auto] sm:items-center">
      <img src={line.imageUrl} alt="" width={96} height={72} className="h-18 w-24 rounded-md object-cover" />
      <div className="min-w-0">
        <Link
          to={line.isMembership ? "/join" : `${HREF[line.itemType]}/${line.itemId}`}
          className="font-semibold hover:underline"
        >
          {line.title}
        </Link>
        <p className="text-sm text-muted-foreground">
          Einzelpreis {formatPrice(line.unitPrice)}
          {line.unitPrice !== line.regularPrice ? (
            <>
              {" "}
              (Community-Preis statt <s>{formatPrice(line.regularPrice)}</s>)
            </>
          ) : null}
        </p>
        <LineUnavailable line={line} />
      </div>
      {line.isMembership ? <p className="text-sm text-muted-foreground">Menge 1</p> : <QuantityForm line={line} />}
      <p className="whitespace-nowrap font-semibold sm:text-right">
        <span className="sr-only">Summe für {line.title}: </span>
        {formatPrice(line.lineTotal)}
      </p>
      <Form method="post" action="/cart">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="lineId" value={line.id} />
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          aria-label={`${line.title} entfernen`}
          data-remove-line={line.id}
        >
          Entfernen
        </Button>
      </Form>
    </li>
  );
}

/** A membership has quantity 1 and no quantity form; everything else can be changed here. */
function QuantityForm({ line }: { line: Line }) {
  const quantityId = `qty-${line.id}`;
  // Each answer of the cart is a new location: the field shows the quantity the cart holds again,
  // not a refused one still typed in (as a page without JavaScript does after its reload). Set in
  // place rather than by a new field, which would drop the focus of someone who pressed Enter in it.
  const { key } = useLocation();
  const field = useRef<HTMLInputElement>(null);
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return; // what was typed before the scripts ran stays
    shownKey.current = key;
    if (field.current) field.current.value = String(line.quantity);
  }, [key, line.quantity]);
  return (
    <Form method="post" action="/cart" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="lineId" value={line.id} />
      <div>
        <label htmlFor={quantityId} className="block text-sm">
          Menge<span className="sr-only"> für {line.title}</span>
        </label>
        <QuantityInput
          ref={field}
          id={quantityId}
          min={0}
          required
          defaultValue={line.quantity}
          className="min-h-11 w-20 rounded-md border border-input bg-background px-2"
        />
      </div>
      <Button type="submit" variant="outline" size="sm">
        Aktualisieren
      </Button>
    </Form>
  );
}
