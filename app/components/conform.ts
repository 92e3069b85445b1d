import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

type InputType = "text" | "email" | "password" | "tel" | "number" | "url" | "search" | "date" | "hidden";

/**
 * Props for <Field> from a conform field: the control's attributes (without conform's `key`,
 * which React refuses in a spread), its German errors and the id of the error list.
 */
export function fieldProps<Schema>(meta: FieldMetadata<Schema, any, any>, options: { type: InputType }) {
  const { key: _key, ...props } = getInputProps(meta, options);
  return { ...props, errors: meta.errors, errorId: meta.errorId };
}

export function textareaProps<Schema>(meta: FieldMetadata<Schema, any, any>) {
  const { key: _key, ...props } = getTextareaProps(meta);
  return { ...props, as: "textarea" as const, errors: meta.errors, errorId: meta.errorId };
}
