import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Security and DSGVO self-service, below the profile. */
export function AccountCard() {
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle as="h2">Konto und Datenschutz</CardTitle>
        <CardDescription>Passwort, Sitzungen und deine Daten.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="account-password">
          <h3 id="account-password" className="font-semibold">
            Passwort
          </h3>
          <Link to="/account/password" className={buttonClass("outline", "sm", "mt-2")}>
            Passwort ändern
          </Link>
        </section>
        <section aria-labelledby="account-sessions">
          <h3 id="account-sessions" className="font-semibold">
            Sitzungen
          </h3>
          <p className="text-sm text-muted-foreground">Beendet deine Anmeldung auf allen Geräten, auch auf diesem.</p>
          <Form method="post" action="/logout" className="mt-2">
            <Button type="submit" variant="outline" size="sm">
              Überall abmelden
            </Button>
          </Form>
        </section>
        <section aria-labelledby="account-data">
          <h3 id="account-data" className="font-semibold">
            Meine Daten
          </h3>
          <p className="text-sm text-muted-foreground">
            Profil, Bestellungen, Teilnehmer, Newsletter-Status und Kontaktanfragen als JSON-Datei (Art. 15 und 20
            DSGVO).
          </p>
          <a href="/account/export" download className={buttonClass("outline", "sm", "mt-2")}>
            Meine Daten herunterladen
          </a>
        </section>
        <section aria-labelledby="account-delete">
          <h3 id="account-delete" className="font-semibold">
            Konto löschen
          </h3>
          <p className="text-sm text-muted-foreground">
            Löscht dein Konto und deine persönlichen Daten (Art. 17 DSGVO).
          </p>
          <Link to="/account/delete" className={buttonClass("destructive", "sm", "mt-2")}>
            Konto löschen
          </Link>
        </section>
      </CardContent>
    </Card>
  );
}
