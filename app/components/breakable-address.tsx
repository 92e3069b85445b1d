import { Fragment } from "react";

/**
 * An e-mail address or URL that may wrap on a narrow screen at its natural seams — after "@" and
 * "/", before "." — instead of mid-word, and without a hyphen (one would change what is copied).
 */
export function BreakableAddress({ text }: { text: string }) {
  const parts = text.split(/(?<=[@/])|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
