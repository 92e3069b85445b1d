import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { useNavigation } from "react-router";
import { z } from "~/lib/schemas/zod";

type InputType =
  "text" | "email" | "password" | "tel" | "number" | "url" | "search" | "date" | "datetime-local" | "hidden";

type ShopFormOptions<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = {
  id: string;
  schema: Schema;
  /** The action's `submission.reply()`; applied only once the navigation is idle again. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** "onBlur" for most forms; a destructive form may wait for the submit. */
  shouldValidate?: "onBlur" | "onSubmit";
};

/**
 * The one way to set up a form. The schema validates in the browser (a field once validated
 * re-checks as it is typed in, without ever asking the server), its constraints become HTML
 * attributes (`required`, `maxlength`) for browsers without JavaScript, and the server's answer is
 * shown once the navigation is back to idle.
 */
export function useShopForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  defaultValue,
  shouldValidate = "onBlur",
}: ShopFormOptions<Schema>) {
  const navigation = useNavigation();
  const constraint = useMemo(() => formConstraint(schema), [schema]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue,
    constraint,
    // A button marked formnovalidate (the checkout's voucher buttons) sends the form as it is: the
    // browser skips its own checks then, and so does this one.
    onValidate: ({ formData, submitter }) =>
      submitter?.formNoValidate
        ? (parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as Submission<
            z.input<Schema>,
            string[],
            z.output<Schema>
          >)
        : parseWithZod(formData, { schema }),
    shouldValidate,
    shouldRevalidate: "onInput",
  });
}

/**
 * A page whose one form posts to the page's own action: the form set up from the action's answer
 * (as `useShopForm` does), and whether a submission is on its way (until the page it leads to has
 * loaded, so a second click cannot send it twice).
 */
export function usePageForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  answer: { result?: SubmissionResult<string[]> | null } | undefined,
  options: Omit<ShopFormOptions<Schema>, "lastResult">,
) {
  const navigation = useNavigation();
  const [form, fields] = useShopForm({ ...options, lastResult: answer?.result });
  return { form, fields, pending: navigation.state !== "idle" && navigation.formData !== undefined };
}

type ZodInternals = {
  _zod: { def: { type: string; innerType?: ZodInternals; in?: ZodInternals; shape?: Record<string, ZodInternals> } };
  maxLength?: number | null;
  safeParse?: (value: unknown) => { success: boolean };
};

/** The string schema under optional/default/nullable wrappers and `.pipe()` (whose input is what is typed). */
function innermost(schema: ZodInternals): ZodInternals {
  const def = schema._zod.def;
  if (def.innerType && ["optional", "nullable", "default", "readonly"].includes(def.type)) {
    return innermost(def.innerType);
  }
  if (def.type === "pipe" && def.in && def.in._zod.def.type !== "transform") return innermost(def.in);
  return schema;
}

/**
 * conform's constraints, made true to what the server accepts: a field is `required` only when an
 * empty entry fails its schema (a price left empty is 0, an unticked box is "no"), and string
 * bounds become `maxLength` (zod no longer exposes them where conform looks).
 */
export function formConstraint(schema: z.ZodType) {
  const constraint = { ...getZodConstraint(schema) };
  const shape = (schema as unknown as ZodInternals)._zod.def.shape;
  for (const [name, field] of Object.entries(shape ?? {})) {
    const base = constraint[name] ?? {};
    const empty = field.safeParse?.(undefined);
    const maxLength = innermost(field).maxLength;
    constraint[name] = {
      ...base,
      required: empty ? !empty.success : base.required,
      ...(typeof maxLength === "number" ? { maxLength } : {}),
    };
  }
  return constraint;
}

/**
 * A key that changes with every answer of the server. A field whose value the server never sends
 * back (a password) is keyed with it, so it starts empty after each answer, as it does without
 * JavaScript, and never while the visitor is still typing.
 */
export function useAnswerKey(answer: object | null | undefined) {
  const [seen, setSeen] = useState({ answer, key: 0 });
  if (seen.answer !== answer) {
    // Adjusting state to a new prop during render (react.dev: "storing information from previous renders").
    const next = { answer, key: answer ? seen.key + 1 : seen.key };
    setSeen(next);
    return next.key;
  }
  return seen.key;
}

/**
 * A field of one of the shop's forms, whichever form it belongs to; errors are German sentences.
 * (Conform's own helpers take `FieldMetadata<Schema, any, any>`.)
 */
export type FormField<Schema = unknown> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

/**
 * Props for <Field> from a conform field: the control's attributes (without conform's `key`,
 * which React refuses in a spread), its German errors and the id of the error list.
 */
export function fieldProps<Schema>(meta: FormField<Schema>, options: { type: InputType }) {
  const { key: _key, ...props } = getInputProps(meta, options);
  return { ...props, errors: meta.errors, errorId: meta.errorId };
}

export function textareaProps<Schema>(meta: FormField<Schema>) {
  const { key: _key, ...props } = getTextareaProps(meta);
  return { ...props, as: "textarea" as const, errors: meta.errors, errorId: meta.errorId };
}

export function selectProps<Schema>(meta: FormField<Schema>) {
  const { key: _key, ...props } = getSelectProps(meta);
  return { ...props, as: "select" as const, errors: meta.errors, errorId: meta.errorId };
}
