import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/contact";
import { seoMeta } from "~/lib/catalog/seo";
import { ContactCards } from "~/components/contact/contact-cards";
import { CONTACT_FAILURE, CONTACT_SUCCESS, ContactForm } from "~/components/contact/contact-form";
import { ContactMap } from "~/components/contact/contact-map";
import { isHoneypotFilled } from "~/lib/honeypot";
import { contactSchema } from "~/lib/schemas/contact";
import { getAuth } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { operator } from "~/server/platform/operator.server";
import { publicUrl } from "~/server/http/urls.server";
import { insertContactMessage } from "~/server/contact/contact.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Kontakt",
    description:
      "Schreib uns: Adresse, E-Mail und Telefon von BeHappy, dazu ein Kontaktformular. Wir melden uns so schnell wie möglich bei dir.",
    canonical: loaderData?.canonical,
  });

export function loader() {
  const { brand, company, street, postalCode, city, email, phone, phoneDisplay } = operator();
  return {
    canonical: publicUrl("/contact"),
    operator: { brand, company, street, postalCode, city, email, phone, phoneDisplay },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  // A filled honeypot is a bot: answer like a success, store nothing.
  if (isHoneypotFilled(formData)) return redirectWithSuccess("/contact", CONTACT_SUCCESS);

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  }
  // Only messages that would be stored count; over the limit the typed message stays in the form.
  const limited = await ipLimitRefusal("contactPerIp", context);
  if (limited) {
    const notice = { message: CONTACT_FAILURE.message, description: limited.message };
    return data({ result: submission.reply({ formErrors: [limited.message] }), notice }, limited.init);
  }
  try {
    await withViewer(getAuth(context).viewer, (tx) => insertContactMessage(tx, submission.value));
  } catch (error) {
    logger.error("contact message failed", { error: (error as Error).message });
    const notice = CONTACT_FAILURE;
    return data({ result: submission.reply({ formErrors: [notice.message] }), notice }, { status: 500 });
  }
  return redirectWithSuccess("/contact", CONTACT_SUCCESS);
}

export default function ContactPage() {
  const { operator } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">Kontakt</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Du hast eine Frage zu unseren Angeboten, zur Mitgliedschaft oder möchtest einfach Hallo sagen? Wir freuen uns
          auf deine Nachricht.
        </p>
      </header>

      <div className="mt-10">
        <ContactCards operator={operator} />
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="contact-form-heading" className="panel sm:p-8">
          <h2 id="contact-form-heading" className="text-2xl font-semibold">
            Schreib uns eine Nachricht
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">Pflichtfelder sind mit * markiert.</p>
          <div className="mt-6">
            {/* A new location (the redirect after sending) mounts a fresh, empty form. */}
            <ContactForm key={location.key} lastResult={actionData?.result} notice={actionData?.notice} />
          </div>
        </section>
        <ContactMap operator={operator} />
      </div>
    </div>
  );
}
