/**
 * A mail as a phone (375 px) and a desktop mail client (up to 720 px) show it: the HTML in a
 * sandboxed iframe (srcdoc: no scripts, no forms, no same-origin access; the page's CSP applies to
 * it too, so remote images show their description) and the plain-text part as text.
 */
export function MailPreview({ html, text }: { html: string; text: string }) {
  return (
    <section aria-labelledby="preview-heading" className="mt-10">
      <h2 id="preview-heading" className="text-xl font-semibold">
        Vorschau
      </h2>
      <p className="text-sm text-muted-foreground">
        So sieht der gespeicherte Stand aus; der Abmeldelink ist hier ein Beispiel.
      </p>
      <div className="mt-4 flex flex-wrap items-start gap-6">
        <figure className="w-[375px] max-w-full">
          <figcaption className="mb-2 text-sm font-medium">Handy (375 px)</figcaption>
          <iframe
            title="Vorschau auf dem Handy"
            srcDoc={html}
            sandbox=""
            className="h-[640px] w-full rounded-2xl border-4 border-border bg-white"
          />
        </figure>
        <figure className="w-[720px] max-w-full">
          <figcaption className="mb-2 text-sm font-medium">Desktop</figcaption>
          <iframe
            title="Vorschau am Desktop"
            srcDoc={html}
            sandbox=""
            className="h-[640px] w-full rounded-md border border-border bg-white"
          />
        </figure>
      </div>
      <div className="mt-6 flex flex-wrap items-start gap-6">
        <figure className="w-[375px] max-w-full">
          <figcaption className="mb-2 text-sm font-medium">Nur-Text-Teil, Handy</figcaption>
          <pre className="whitespace-pre-wrap break-words rounded-md border border-border p-3 text-sm">{text}</pre>
        </figure>
        <figure className="w-[720px] max-w-full">
          <figcaption className="mb-2 text-sm font-medium">Nur-Text-Teil, Desktop</figcaption>
          <pre className="whitespace-pre-wrap break-words rounded-md border border-border p-3 text-sm">{text}</pre>
        </figure>
      </div>
    </section>
  );
}
