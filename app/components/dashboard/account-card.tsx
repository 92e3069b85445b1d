import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { LabelledSection } from "~/components/labelled-section";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Security and DSGVO self-service, below the profile. */
export function AccountCard() {
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle as="h2">Konto und Datenschutz</CardTitle>
        <CardDescription>E-Mail-Adresse, Passwort, Sitzungen und deine Daten.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <LabelledSection id="account-email" title="E-Mail-Adresse">
          <p className="text-sm text-muted-foreground">
            Die Adresse, mit der du dich anmeldest und unsere E-Mails bekommst.
          </p>
          <Link to="/account/email" className={buttonClass("outline", "sm", "mt-2")}>
            E-Mail-Adresse ändern
          </Link>
        </LabelledSection>
        <LabelledSection id="account-password" title="Passwort">
          <Link to="/account/password" className={buttonClass("outline", "sm", "mt-2")}>
            Passwort ändern
          </Link>
        </LabelledSection>
        <LabelledSection id="account-sessions" title="Sitzungen">
          <p className="text-sm text-muted-foreground">Beendet deine Anmeldung auf allen Geräten, auch auf diesem.</p>
          <Form method="post" action="/logout" className="mt-2">
            <Button type="submit" variant="outline" size="sm">
              Überall abmelden
            </Button>
          </Form>
        </LabelledSection>
        <LabelledSection id="account-data" title="Meine Daten">
          <p className="text-sm text-muted-foreground">
            Profil, Bestellungen, Teilnehmer, Newsletter-Status und Kontaktanfragen als JSON-Datei (Art. 15 und 20
            DSGVO).
          </p>
          <a href="/account/export" download className={buttonClass("outline", "sm", "mt-2")}>
            Meine Daten herunterladen
          </a>
        </LabelledSection>
        <LabelledSection id="account-delete" title="Konto löschen">
          <p className="text-sm text-muted-foreground">
            Löscht dein Konto und deine persönlichen Daten (Art. 17 DSGVO).
          </p>
          <Link to="/account/delete" className={buttonClass("destructive", "sm", "mt-2")}>
            Konto löschen
          </Link>
        </LabelledSection>
      </CardContent>
    </Card>
  );
}
