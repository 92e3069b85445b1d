import type { FieldMetadata } from "@conform-to/react";
import { fieldProps, textareaProps } from "~/components/conform";
import { Field } from "~/components/ui/field";
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

/** 19 % standard rate; 7 % for books, e-books, audiobooks (§ 12 Abs. 2 UStG). */
function VatRateField({ meta }: { meta: Fields[string] }) {
  const errorId = `${meta.id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={meta.id} className="block font-medium">
        Umsatzsteuersatz
      </label>
      <select
        id={meta.id}
        name={meta.name}
        key={meta.key}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : "19"}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={meta.errors ? errorId : undefined}
        className="min-h-11 w-full rounded-md border border-input bg-background px-3"
      >
        <option value="19">19 % (Regelsatz)</option>
        <option value="7">7 % (ermäßigt, z. B. Bücher und E-Books)</option>
      </select>
      {meta.errors ? (
        <p id={errorId} className="text-sm text-destructive">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
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
          <div className="grid gap-5 sm:grid-cols-3">
            <Field
              label="Beginn (optional)"
              description="Für Kalender, Erinnerungen und „Vergangen“"
              {...fieldProps(fields.starts_at, { type: "datetime-local" })}
            />
            <Field label="Ende (optional)" {...fieldProps(fields.ends_at, { type: "datetime-local" })} />
            <Field
              label="Plätze (optional)"
              description="Leer = unbegrenzt"
              {...fieldProps(fields.capacity, { type: "number" })}
              inputMode="numeric"
              min={1}
              max={100000}
              step={1}
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
      <VatRateField meta={fields.vat_rate} />
      {kind === "products" ? (
        <Checkbox meta={fields.shipped} label="Wird versandt (physisches Produkt, Lieferadresse wird abgefragt)" />
      ) : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Sichtbarkeit</legend>
        {kind === "products" ? <Checkbox meta={fields.availability} label="Verfügbar" /> : null}
        <Checkbox meta={fields.show_on_startpage} label="Auf der Startseite zeigen" />
        <Checkbox meta={fields.show_on_offer} label="Bei den Angeboten zeigen" />
      </fieldset>
    </>
  );
}
