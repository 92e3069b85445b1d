import {
  createContext,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/components/ui/cn";
import { controlClass, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";

type Common = {
  label: ReactNode;
  /** Defaults to a generated id; pass one (e.g. conform's `field.id`) to link things yourself. */
  id?: string;
  /** German error messages; when present the control gets aria-invalid and describes itself by them. */
  errors?: string[] | null;
  /** Help text shown under the label. */
  description?: ReactNode;
  /** Id of the error list; defaults to `${id}-error` (conform's `field.errorId` fits here). */
  errorId?: string;
  /** Id of the description; defaults to `${id}-description`. */
  descriptionId?: string;
  /** Id of another element that describes the control too (the form's notice about its answer). */
  alsoDescribedBy?: string;
  className?: string;
  labelClassName?: string;
};

export type FieldProps =
  | (Common & { as?: "input" } & Omit<InputHTMLAttributes<HTMLInputElement>, "id">)
  | (Common & { as: "textarea" } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">)
  | (Common & { as: "select" } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">);

/**
 * The server render's one `autofocus`: a page that comes back with errors from a form sent without
 * JavaScript (or before the scripts ran) is a new document, and focus would start at its top. The
 * first invalid Field the server renders (React renders the document in order) takes it, as the
 * scripts' validation focuses the first invalid field. app/entry.server.tsx gives each render its
 * own value; the client has none, so hydration never moves focus the visitor has moved since.
 */
export const FirstInvalidFieldContext = createContext<{ claim: () => boolean } | null>(null);

/** A render's claim on its one autofocus: true for the first caller only. */
export function oneAutoFocus() {
  let taken = false;
  return {
    claim() {
      if (taken) return false;
      taken = true;
      return true;
    },
  };
}

/**
 * The `autoFocus` prop of a control drawn by hand (a radio group's first option) that is invalid:
 * true only in the server's render, for the first invalid control of the document.
 */
export function useServerAutoFocus(invalid: boolean) {
  const firstInvalid = useContext(FirstInvalidFieldContext);
  return invalid && firstInvalid?.claim() ? true : undefined;
}

/** Error list under a control; ids connect it via aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors || errors.length === 0) return <div id={id} hidden />;
  return (
    <ul id={id} className="mt-1.5 space-y-1 text-sm font-medium text-destructive">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * Label + control + errors. Works with plain forms and with conform:
 * `<Field label="E-Mail" id={fields.email.id} name={fields.email.name} errors={fields.email.errors} />`.
 */
export function Field(props: FieldProps) {
  const generated = useId();
  const {
    label,
    id = generated,
    errors,
    description,
    errorId: errorIdProp,
    descriptionId: descriptionIdProp,
    alsoDescribedBy,
    className,
    labelClassName,
    ...control
  } = props;
  const errorId = errorIdProp ?? `${id}-error`;
  const descriptionId = descriptionIdProp ?? `${id}-description`;
  const invalid = Boolean(errors && errors.length > 0);
  const autoFocus = useServerAutoFocus(invalid);
  const describedBy =
    [alsoDescribedBy, description ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(" ") ||
    undefined;
  const aria = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    // Only in the server's HTML (useServerAutoFocus): the client's render leaves the attribute alone.
    ...(autoFocus ? { autoFocus, suppressHydrationWarning: true } : {}),
  } as const;

  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id} required={Boolean(control.required)} className={labelClassName}>
        {label}
      </Label>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {control.as === "textarea" ? (
        <Textarea {...stripAs(control)} id={id} {...aria} />
      ) : control.as === "select" ? (
        <select {...stripAs(control)} id={id} {...aria} className={controlClass} />
      ) : (
        <Input {...stripAs(control)} id={id} {...aria} />
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

function stripAs<T extends { as?: unknown }>(value: T): Omit<T, "as"> {
  const { as: _as, ...rest } = value;
  return rest;
}
