import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";

/**
 * Renders loader data that may still be on its way (see `streamOrAwait`). Data that is already
 * here renders without a Suspense boundary: React outlines large completed boundaries behind an
 * inline script, which a browser without JavaScript never runs.
 */
export function Deferred<T>({
  value,
  fallback,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return <>{children(value)}</>;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value}>{(resolved) => children(resolved as T)}</Await>
    </Suspense>
  );
}
