import type { FieldMetadata } from "@conform-to/react";
import { fieldProps, textareaProps } from "../conform";
import { Field } from "../ui/field";
import type { AdminKind } from "~/lib/admin/kinds";

type Fields = Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

function Checkbox({ meta, label }: { meta: Fields[string]; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <input
        type="checkbox"
        id={meta.id}
        name={meta.name}
        key={meta.key}
        defaultChecked={meta.initialValue === "on"}
        className="size-6 accent-primary"
      />
      <label htmlFor={meta.id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

function PriceField({ meta, label }: { meta: Fields[string]; label: string }) {
  return (
    <Field
      label={label}
      {...fieldProps(meta, { type: "number" })}
      step="0.01"
      min="0"
      inputMode="decimal"
      description="In Euro, z. B. 49.90. Ohne Zahl gilt 0."
    />
  );
}

/** Fields of spec §5 Event / Course / Product form. */
export function CatalogFormFields({ kind, fields }: { kind: AdminKind; fields: Fields }) {
  const optional = kind === "courses" ? " (optional)" : "";
  return (
    <>
      <Field label="Titel" {...fieldProps(fields.title, { type: "text" })} maxLength={200} />
      <Field label="Kategorie" {...fieldProps(fields.category, { type: "text" })} maxLength={100} />
      {kind === "products" ? (
        <>
          <Field label="Beschreibung (optional)" {...textareaProps(fields.description)} rows={3} />
          <Field
            label="Details (optional)"
            description="Eine Angabe pro Zeile."
            {...textareaProps(fields.details)}
            rows={6}
          />
        </>
      ) : (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={`Datum${optional}`}
              description="Freitext, z. B. 14.03.2027"
              {...fieldProps(fields.date, { type: "text" })}
            />
            <Field
              label={`Uhrzeit${optional}`}
              description="Freitext, z. B. 10:00 – 16:00 Uhr"
              {...fieldProps(fields.time, { type: "text" })}
            />
          </div>
          <Field label={`Ort${optional}`} {...fieldProps(fields.location, { type: "text" })} />
          <Field label="Anbieter (optional)" {...fieldProps(fields.provider, { type: "text" })} />
          {/* The text the public detail page shows under "Beschreibung". */}
          <Field label="Beschreibung (optional)" {...textareaProps(fields.description)} rows={4} />
        </>
      )}
      <Field
        label="Bild-URL"
        description="Beginnt mit https:// oder /, z. B. /images/catalog/sommerfest.svg"
        {...fieldProps(fields.image_url, { type: "text" })}
        inputMode="url"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PriceField meta={fields.price} label="Preis" />
        <PriceField meta={fields.behappy_price} label="BeHappy-Preis" />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Sichtbarkeit</legend>
        {kind === "products" ? <Checkbox meta={fields.availability} label="Verfügbar" /> : null}
        <Checkbox meta={fields.show_on_startpage} label="Auf der Startseite zeigen" />
        <Checkbox meta={fields.show_on_offer} label="Bei den Angeboten zeigen" />
      </fieldset>
    </>
  );
}
