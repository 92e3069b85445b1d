import type { Ref } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { useShopForm } from "~/components/conform";
import { AddressFields, BusinessFields, PhoneFields } from "~/components/address-fields";
import { FormNotice } from "~/components/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useRefocusAfterChange } from "~/components/use-refocus";
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
  // Each switch (Bearbeiten, Abbrechen, Speichern, Profil anlegen) removes the control that was
  // used: the new mode's heading takes focus, so the keyboard goes on from there.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(
    error ? "error" : editing ? "edit" : profile ? "view" : "missing",
  );
  if (error) return <PanelError message={error} />;
  if (editing) return <ProfileForm profile={profile} accountEmail={accountEmail} answer={answer} heading={heading} />;
  if (!profile) return <MissingProfile heading={heading} />;
  return <ProfileView profile={profile} accountEmail={accountEmail} heading={heading} />;
}

type HeadingRef = Ref<HTMLHeadingElement>;

/** The panel's heading: focus lands here after a switch of mode (tabIndex -1, no outline). */
function PanelTitle({ heading, children }: { heading: HeadingRef; children: string }) {
  return (
    <CardTitle as="h2" ref={heading} tabIndex={-1} className="focus:outline-none">
      {children}
    </CardTitle>
  );
}

function MissingProfile({ heading }: { heading: HeadingRef }) {
  const navigation = useNavigation();
  return (
    <Card>
      <CardHeader>
        <PanelTitle heading={heading}>Profil</PanelTitle>
      </CardHeader>
      <CardContent>
        <p>Zu deinem Konto gibt es noch kein Profil.</p>
        <Form method="post" action={VIEW_URL} className="mt-4">
          <input type="hidden" name="intent" value="create-profile" />
          <Button type="submit" pending={navigation.state === "submitting"}>
            Profil anlegen
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function ProfileView({
  profile,
  accountEmail,
  heading,
}: {
  profile: MemberProfile;
  accountEmail: string;
  heading: HeadingRef;
}) {
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
        <PanelTitle heading={heading}>Profil</PanelTitle>
        <Link to={EDIT_URL} preventScrollReset className={buttonClass("outline", "sm")}>
          Bearbeiten
        </Link>
      </CardHeader>
      <CardContent>
        {/* minmax(0, …) and break-words: a long name or street wraps instead of widening a phone's page. */}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd className="break-words">{value || <span className="text-muted-foreground">Keine Angabe</span>}</dd>
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
  heading,
}: {
  profile: MemberProfile | null;
  accountEmail: string;
  answer: ProfileAnswer | null;
  heading: HeadingRef;
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
        <PanelTitle heading={heading}>Profil bearbeiten</PanelTitle>
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
            <Button type="submit" pending={saving}>
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
