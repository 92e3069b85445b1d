import { describe, expect, it } from "vitest";
import { dismissToast, showToast, TOAST_LIMIT, visibleToasts } from "~/components/ui/toaster";

const clear = () => visibleToasts().forEach((toast) => dismissToast(toast.id));

describe("toast store", () => {
  it("shows at most three, the newest last", () => {
    clear();
    for (let n = 1; n <= 5; n++) showToast({ type: "success", message: `Nachricht ${n}` });
    expect(visibleToasts().map((toast) => toast.message)).toEqual(["Nachricht 3", "Nachricht 4", "Nachricht 5"]);
    expect(visibleToasts()).toHaveLength(TOAST_LIMIT);
  });

  it("a toast saying the same as one still showing takes its place instead of stacking a copy", () => {
    clear();
    const first = showToast({ type: "success", message: "Profil gespeichert" });
    showToast({ type: "info", message: "Anderes" });
    const again = showToast({ type: "success", message: "Profil gespeichert" });
    expect(visibleToasts().map((toast) => [toast.message, toast.id])).toEqual([
      ["Anderes", first + 1],
      ["Profil gespeichert", again],
    ]);
    // Same words, another detail or kind: a different toast.
    showToast({ type: "success", message: "Profil gespeichert", description: "Mit Adresse" });
    showToast({ type: "error", message: "Profil gespeichert" });
    expect(visibleToasts()).toHaveLength(3);
  });

  it("a success takes the errors still showing with it: the retry worked", () => {
    clear();
    showToast({ type: "info", message: "Weiter zum Checkout" });
    showToast({
      type: "error",
      message: "Fehler bei der Anmeldung",
      description: "Bitte gib eine gültige E-Mail-Adresse ein.",
    });
    showToast({ type: "success", message: "Erfolgreich angemeldet!" });
    expect(visibleToasts().map((toast) => toast.message)).toEqual(["Weiter zum Checkout", "Erfolgreich angemeldet!"]);
  });
});
