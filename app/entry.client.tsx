import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default client entry, with one change: hydration waits until the browser has
 * painted the server-rendered page once. Module scripts otherwise tend to run before the first
 * paint on a fast connection, so a slow phone shows a blank screen while React boots. The page
 * works without hydration anyway (every control is a plain link or form), so nothing is lost in
 * the frame this waits.
 */
function afterFirstPaint(callback: () => void) {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
