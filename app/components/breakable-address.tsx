import { Fragment } from "react";

/** Text cut at `parts`' seams with <wbr>: a line may break there, and nothing is added to what is copied. */
function WithBreaks({ parts }: { parts: string[] }) {
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

/**
 * An e-mail address or URL that may wrap on a narrow screen at its natural seams — after "@" and
 * "/", before "." — instead of mid-word, and without a hyphen (one would change what is copied).
 */
export function BreakableAddress({ text }: { text: string }) {
  return <WithBreaks parts={text.split(/(?<=[@/])|(?=\.)/)} />;
}

/** Longer than this without a space or hyphen, a word of a name is given places to break. */
const LONGEST_UNBROKEN = 16;

/**
 * A name as someone typed it (up to the forms' 100 characters): a word longer than 16 letters may
 * break every 8, so it wraps inside its table cell instead of widening the table. Without a
 * hyphen, like an address: what an admin copies stays the name (soft hyphens would be copied).
 */
export function BreakableName({ text }: { text: string }) {
  const parts = [""];
  for (const token of text.split(/([\s\-‐–]+)/)) {
    const pieces = token.length > LONGEST_UNBROKEN ? token.match(/.{1,8}/gu)! : [token];
    parts[parts.length - 1] += pieces[0];
    parts.push(...pieces.slice(1));
  }
  return <WithBreaks parts={parts} />;
}
