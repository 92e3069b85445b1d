import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { useShopForm } from "~/components/conform";
import { AddressFields, BusinessFields, PhoneFields } from "~/components/address-fields";
import { FormNotice } from "~/components/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { profileSchema } from "~/lib/schemas/profile";
import type { MemberProfile } from "~/lib/members";
import { PanelError } from "~/components/dashboard/panel-error";

export type ProfileAnswer = { result: SubmissionResult<string[]>; notice: string | null };

const VIEW_URL = "/dashboard?tab=profile";
const EDIT_URL = "/dashboard?tab=profile&edit=1";

/** Spec §4 Profile: a view mode and an edit mode (in the URL, so it works without JavaScript). */
export function ProfilePanel({
  profile,
  accountEmail,
  editing,
  error,
  answer,
}: {
  profile: MemberProfile | null;
  accountEmail: string;
  editing: boolean;
  error: string | null;
  answer: ProfileAnswer | null;
}) {
  if (error) return <PanelError message={error} />;
  if (editing) return <ProfileForm profile={profile} accountEmail={accountEmail} answer={answer} />;
  if (!profile) return <MissingProfile />;
  return <ProfileView profile={profile} accountEmail={accountEmail} />;
}

function MissingProfile() {
  const navigation = useNavigation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profil</CardTitle>
      </CardHeader>
      <CardContent>
        <p>Zu deinem Konto gibt es noch kein Profil.</p>
        <Form method="post" action={VIEW_URL} className="mt-4">
          <input type="hidden" name="intent" value="create-profile" />
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Profil anlegen
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function ProfileView({ profile, accountEmail }: { profile: MemberProfile; accountEmail: string }) {
  const name = [profile.salutation, profile.first_name, profile.last_name].filter(Boolean).join(" ");
  const phone = (value: string | null) => (value ? [profile.areacode, value].filter(Boolean).join(" ") : null);
  const rows: [string, string | null][] = [
    ["Name", name || null],
    ["E-Mail", profile.email || accountEmail],
    ["Straße und Hausnummer", profile.street],
    ["PLZ und Ort", [profile.zipcode, profile.city].filter(Boolean).join(" ") || null],
    ["Land", profile.country],
    ["Telefon", phone(profile.phone)],
    ["Mobil", phone(profile.mobile)],
    ["Firma", profile.company],
    ["USt-IdNr.", profile.vat_id],
    // The account's age; the membership card says since when the plan runs.
    ["Registriert seit", formatDate(profile.created_at)],
    ["Zuletzt geändert", profile.updated_at ? formatDate(profile.updated_at) : null],
  ];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2">Profil</CardTitle>
        <Link to={EDIT_URL} preventScrollReset className={buttonClass("outline", "sm")}>
          Bearbeiten
        </Link>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd>{value || <span className="text-muted-foreground">Keine Angabe</span>}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function ProfileForm({
  profile,
  accountEmail,
  answer,
}: {
  profile: MemberProfile | null;
  accountEmail: string;
  answer: ProfileAnswer | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useShopForm({
    id: "profile",
    schema: profileSchema,
    lastResult: answer?.result,
    defaultValue: {
      salutation: profile?.salutation ?? "",
      firstName: profile?.first_name ?? "",
      lastName: profile?.last_name ?? "",
      street: profile?.street ?? "",
      zipcode: profile?.zipcode ?? "",
      city: profile?.city ?? "",
      country: profile?.country ?? "",
      areacode: profile?.areacode ?? "",
      phone: profile?.phone ?? "",
      mobile: profile?.mobile ?? "",
      company: profile?.company ?? "",
      vatId: profile?.vat_id ?? "",
    },
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-profile";

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profil bearbeiten</CardTitle>
      </CardHeader>
      <CardContent>
        {answer?.notice ? <FormNotice tone="error" message={answer.notice} /> : null}
        <Form method="post" action={EDIT_URL} {...getFormProps(form)} className="mt-4 space-y-5">
          <input type="hidden" name="intent" value="save-profile" />
          <AddressFields
            fields={fields}
            afterName={
              <div className="space-y-1.5">
                <p className="text-sm font-medium">E-Mail</p>
                <p data-testid="profile-email">{profile?.email || accountEmail}</p>
                <p className="text-sm text-muted-foreground">Deine Anmelde-E-Mail kann hier nicht geändert werden.</p>
              </div>
            }
          />
          <PhoneFields fields={fields} />
          <BusinessFields fields={fields} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={saving}>
              Speichern
            </Button>
            <Link to={VIEW_URL} preventScrollReset className={buttonClass("outline")}>
              Abbrechen
            </Link>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
