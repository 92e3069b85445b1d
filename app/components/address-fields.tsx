import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { fieldProps, selectProps } from "~/components/conform";
import { Field } from "~/components/ui/field";
import { SALUTATIONS } from "~/lib/schemas/checkout";

type Meta = FieldMetadata<string | undefined, any, string[]>;
type AddressFieldset = Record<
  "salutation" | "firstName" | "lastName" | "street" | "zipcode" | "city" | "country",
  Meta
>;
type PhoneFieldset = Record<"areacode" | "phone" | "mobile", Meta>;

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
      <Field
        label="Straße und Hausnummer"
        {...fieldProps(fields.street, { type: "text" })}
        autoComplete="street-address"
      />
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <Field
          label="PLZ"
          {...fieldProps(fields.zipcode, { type: "text" })}
          autoComplete="postal-code"
          inputMode="numeric"
        />
        <Field label="Ort" {...fieldProps(fields.city, { type: "text" })} autoComplete="address-level2" />
      </div>
      <Field label="Land" {...fieldProps(fields.country, { type: "text" })} autoComplete="country-name" />
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
