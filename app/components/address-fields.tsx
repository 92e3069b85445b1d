import type { ReactNode } from "react";
import { fieldProps, selectProps, type FormField } from "~/components/conform";
import { Field } from "~/components/ui/field";
import { SALUTATIONS } from "~/lib/schemas/checkout";

/** A text field's metadata from useShopForm. */
export type TextFieldMeta = FormField<string | undefined>;
type AddressFieldset = Record<
  "salutation" | "firstName" | "lastName" | "street" | "zipcode" | "city" | "country",
  TextFieldMeta
>;
type PostalFieldset = Pick<AddressFieldset, "street" | "zipcode" | "city" | "country">;
type PhoneFieldset = Record<"areacode" | "phone" | "mobile", TextFieldMeta>;
type BusinessFieldset = Record<"company" | "vatId", TextFieldMeta>;

/**
 * Salutation, name and postal address: the checkout's billing address and the member profile.
 * `afterName` sits between the name and the street (the checkout's e-mail, the profile's address).
 */
export function AddressFields({ fields, afterName }: { fields: AddressFieldset; afterName?: ReactNode }) {
  return (
    <>
      <Field label="Anrede (optional)" {...selectProps(fields.salutation)}>
        {SALUTATIONS.map((s) => (
          <option key={s} value={s}>
            {s || "Keine Angabe"}
          </option>
        ))}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Vorname" {...fieldProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
        <Field label="Nachname" {...fieldProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
      </div>
      {afterName}
      <PostalFields fields={fields} />
    </>
  );
}

/**
 * Street, postcode, town and country: of the billing address, or with `shipping` of the checkout's
 * different delivery address (labels marked "(Lieferung)", autofill from the browser's shipping section).
 */
export function PostalFields({ fields, shipping = false }: { fields: PostalFieldset; shipping?: boolean }) {
  const label = (billing: string, delivery: string) => (shipping ? `${delivery} (Lieferung)` : billing);
  const autoComplete = (token: string) => (shipping ? `shipping ${token}` : token);
  return (
    <>
      <Field
        label={label("Straße und Hausnummer", "Straße, Hausnummer")}
        {...fieldProps(fields.street, { type: "text" })}
        autoComplete={autoComplete("street-address")}
      />
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <Field
          label={label("PLZ", "Postleitzahl")}
          {...fieldProps(fields.zipcode, { type: "text" })}
          autoComplete={autoComplete("postal-code")}
          inputMode="numeric"
        />
        <Field
          label={label("Ort", "Ort")}
          {...fieldProps(fields.city, { type: "text" })}
          autoComplete={autoComplete("address-level2")}
        />
      </div>
      <Field
        label={label("Land", "Staat")}
        {...fieldProps(fields.country, { type: "text" })}
        autoComplete={autoComplete("country-name")}
      />
    </>
  );
}

/** Area code, phone and mobile (all optional). */
export function PhoneFields({ fields }: { fields: PhoneFieldset }) {
  return (
    <div className="grid gap-5 sm:grid-cols-[8rem_1fr_1fr]">
      <Field label="Vorwahl" {...fieldProps(fields.areacode, { type: "text" })} placeholder="+49" />
      <Field label="Telefon" {...fieldProps(fields.phone, { type: "tel" })} autoComplete="tel-national" />
      <Field label="Mobil" {...fieldProps(fields.mobile, { type: "tel" })} />
    </div>
  );
}

/** Company and VAT id for business customers (both optional); the invoice and its e-invoice name them. */
export function BusinessFields({ fields }: { fields: BusinessFieldset }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Firma (optional)" {...fieldProps(fields.company, { type: "text" })} autoComplete="organization" />
      <Field
        label="USt-IdNr. (optional)"
        {...fieldProps(fields.vatId, { type: "text" })}
        placeholder="DE123456789"
        autoCapitalize="characters"
        spellCheck={false}
      />
    </div>
  );
}
