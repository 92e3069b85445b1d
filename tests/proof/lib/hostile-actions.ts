// Every action of the app (app/routes.ts) as a hostile-input property: its real form fields with
// valid values, which fields a person types, and who may call it.
import fc from "fast-check";
import { HAPPINESS_STATEMENTS } from "~/lib/self-tests/glueckstest";
import { TYPE_STATEMENTS } from "~/lib/self-tests/scanner-taucher";
import {
  encode,
  encodingArb,
  formFields,
  hostileId,
  hostileNumber,
  hostileString,
  NONEXISTENT_UUID,
  type Encoding,
  type Fields,
} from "./hostile-bodies";
import type { HostileCase, PropertyDef } from "./hostile-property";

export const PRODUCT = "b0000000-0000-4000-8000-000000000001";
export const EVENT = "e0000000-0000-4000-8000-000000000001";
export const COURSE = "c0000000-0000-4000-8000-000000000001";
export const PLAN = "a0000000-0000-4000-8000-000000000002";

export interface Sessions {
  anonymous: string;
  member: string;
  admin: string;
}

export interface FormSpec {
  name: string;
  path: string | fc.Arbitrary<string>;
  /** What the real form sends. */
  valid: Record<string, string>;
  /** The fields a person types (the rest are hidden inputs or buttons). */
  typed: string[];
  /** Arbitraries for fields that are not free text (numbers, ids). */
  overrides?: Record<string, fc.Arbitrary<string>>;
  /** Which sessions post it; the first is the one the form is for. */
  cookies: string[];
  runs: number;
  mustReject?: boolean;
  /** Visible-form German rule applies (false: no person can reach the answer with the form). */
  visibleForm?: boolean;
}

const PATH = (path: string | fc.Arbitrary<string>) => (typeof path === "string" ? fc.constant(path) : path);

/**
 * The cases of one form: fields valid or hostile, sent by one of the sessions, in the browser's
 * encoding or a wrong one. A case is "visible" when only typed fields differ from the form's own
 * values, every field is there once, the encoding is a browser's and the session is the form's.
 */
export function formCases(spec: FormSpec): fc.Arbitrary<HostileCase> {
  return fc
    .record({
      path: PATH(spec.path),
      fields: formFields(spec.valid, spec.overrides),
      encoding: encodingArb,
      cookie: fc.constantFrom(...spec.cookies),
    })
    .map(({ path, fields, encoding, cookie }) => toCase(spec, path, fields, encoding, cookie));
}

function toCase(spec: FormSpec, path: string, fields: Fields, encoding: Encoding, cookie: string): HostileCase {
  const { body, contentType } = encode(fields, encoding);
  const untouchedHidden = Object.entries(spec.valid).every(
    ([name, value]) => spec.typed.includes(name) || fields[name] === value,
  );
  const singleValues = Object.values(fields).every((v) => !Array.isArray(v));
  const noExtras = Object.keys(fields).every((name) => name in spec.valid);
  const browserEncoding = encoding === "urlencoded" || encoding === "multipart";
  return {
    request: { path, body, contentType, cookie },
    visible:
      (spec.visibleForm ?? true) &&
      untouchedHidden &&
      singleValues &&
      noExtras &&
      browserEncoding &&
      cookie === spec.cookies[0],
    mustReject: spec.mustReject || !browserEncoding,
    label: `${spec.name} (${encoding})`,
  };
}

export function propertyOf(spec: FormSpec): PropertyDef {
  return { name: spec.name, runs: spec.runs, cases: formCases(spec) };
}

const answers = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, "3"]));

/** Forms anyone may post (the member session is tried too where the form shows to members). */
export function publicForms(s: Sessions, scale = 1): FormSpec[] {
  const r = (n: number) => Math.max(1, Math.round(n * scale));
  const both = [s.anonymous, s.member];
  return [
    {
      name: "cart: add with a typed quantity",
      path: "/cart",
      valid: { intent: "add", itemId: PRODUCT, itemType: "product", quantity: "1", redirectTo: "/products" },
      typed: ["quantity"],
      overrides: {
        quantity: hostileNumber,
        itemId: hostileId([EVENT, PLAN]),
        itemType: fc.oneof(fc.constantFrom("product", "event", "course", "membership"), hostileString),
      },
      cookies: both,
      runs: r(50),
    },
    {
      name: "cart: every intent",
      path: "/cart",
      valid: {
        intent: "update",
        lineId: "l1",
        quantity: "2",
        itemId: EVENT,
        itemType: "event",
        planId: PLAN,
        lines: "[]",
        code: "NIXDA",
        _js: "1",
        redirectTo: "/cart",
      },
      typed: [],
      overrides: {
        code: fc.oneof(fc.constantFrom("nixda", "SOMMER10", "a", "x".repeat(40)), hostileString),
        intent: fc.oneof(
          fc.constantFrom(
            "add",
            "update",
            "remove",
            "clear",
            "plan",
            "restore",
            "voucher-apply",
            "voucher-remove",
            "delete",
            "ADD",
            "",
          ),
          hostileString,
        ),
        quantity: hostileNumber,
        itemId: hostileId([PRODUCT, COURSE]),
        planId: hostileId([PLAN, PRODUCT]),
        lines: fc.oneof(
          fc.json(),
          hostileString,
          fc.constant(JSON.stringify([{ id: "x", itemId: PRODUCT, itemType: "product", quantity: 1e9 }])),
        ),
        redirectTo: fc.oneof(
          fc.constantFrom("//evil.example", "https://evil.example", "/\\evil", "javascript:alert(1)"),
          hostileString,
        ),
      },
      cookies: both,
      runs: r(50),
      visibleForm: false,
    },
    {
      name: "join",
      path: "/join",
      valid: { firstName: "Erika", lastName: "Muster", email: "erika@example.com" },
      typed: ["firstName", "lastName", "email"],
      cookies: both,
      runs: r(40),
    },
    {
      name: "auth: sign-in",
      path: fc.constantFrom("/auth", "/auth?redirect=checkout"),
      valid: { intent: "signin", email: "nobody@example.com", password: "irgendwas-123" },
      typed: ["email", "password"],
      cookies: [s.anonymous],
      runs: r(40),
    },
    {
      name: "auth: sign-up",
      path: "/auth?mode=signup",
      valid: { intent: "signup", email: "neu@example.com", password: "kurz", firstName: "Neu", lastName: "Ling" },
      typed: ["email", "password", "firstName", "lastName"],
      overrides: { intent: fc.oneof(fc.constantFrom("signin", "signup", "admin"), hostileString) },
      cookies: [s.anonymous],
      runs: r(40),
    },
    {
      name: "auth: forgot password",
      path: "/auth/forgot",
      valid: { email: "vergessen@example.com" },
      typed: ["email"],
      cookies: [s.anonymous],
      runs: r(25),
    },
    {
      name: "auth: reset password",
      path: "/auth/reset",
      valid: { token: "x".repeat(43), password: "neues-passwort-1", passwordConfirm: "neues-passwort-2" },
      typed: ["password", "passwordConfirm"],
      cookies: [s.anonymous],
      runs: r(30),
    },
    {
      name: "contact",
      path: "/contact",
      valid: { name: "Erika Muster", email: "erika@example.com", phone: "", message: "Hallo", website_url: "" },
      typed: ["name", "email", "phone", "message"],
      cookies: both,
      runs: r(60),
    },
    {
      name: "newsletter",
      path: "/newsletter",
      valid: { email: "news@example.com", firstName: "", lastName: "", redirectTo: "/", website_url: "" },
      typed: ["email", "firstName", "lastName"],
      cookies: both,
      runs: r(50),
    },
    {
      name: "newsletter: confirm and unsubscribe links",
      path: fc.constantFrom("/newsletter/confirm", "/newsletter/unsubscribe"),
      valid: { token: "a".repeat(43) },
      typed: [],
      cookies: both,
      runs: r(25),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "account: e-mail change link",
      path: "/account/email/bestaetigen",
      valid: { token: "a".repeat(43) },
      typed: [],
      cookies: both,
      runs: r(15),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "withdrawal",
      path: "/vertrag-widerrufen",
      valid: {
        intent: "review",
        name: "Erika Muster",
        email: "erika@example.com",
        orderNumber: "3F2A9C1B",
        note: "",
        website_url: "",
      },
      typed: ["name", "email", "orderNumber", "note"],
      overrides: { intent: fc.oneof(fc.constantFrom("review", "confirm", "edit"), hostileString) },
      cookies: both,
      runs: r(50),
    },
    ...(
      [
        ["/glueckstest", HAPPINESS_STATEMENTS.map((st) => st.id)],
        ["/scanner-taucher-test", TYPE_STATEMENTS.map((st) => st.id)],
      ] as const
    ).map(([path, ids]) => ({
      name: `self-test ${path}`,
      path,
      valid: answers([...ids]),
      // Radio buttons: a person can only pick 1–5 or leave one out; anything else is a tampered body.
      typed: [],
      overrides: Object.fromEntries(
        ids.map((id) => [id, fc.oneof(fc.constantFrom("1", "2", "3", "4", "5", "0", "6", "2.5"), hostileString)]),
      ),
      cookies: both,
      runs: r(20),
      visibleForm: false,
    })),
    {
      name: "self-test: answers left out",
      path: "/glueckstest",
      valid: answers(HAPPINESS_STATEMENTS.map((st) => st.id)),
      typed: HAPPINESS_STATEMENTS.map((st) => st.id),
      overrides: Object.fromEntries(HAPPINESS_STATEMENTS.map((st) => [st.id, fc.constantFrom("1", "5")])),
      cookies: both,
      runs: r(10),
    },
    {
      name: "theme",
      path: "/theme",
      valid: { theme: "dark", redirectTo: "/about" },
      typed: [],
      overrides: { theme: fc.oneof(fc.constantFrom("light", "dark", "system", "DARK"), hostileString) },
      cookies: both,
      runs: r(20),
      visibleForm: false,
    },
    {
      name: "logout (anonymous, forged cookies)",
      path: "/logout",
      valid: {},
      typed: [],
      // Production names the session cookie __Host-session (development: __session): forge both.
      cookies: [
        s.anonymous,
        "__Host-session=forged.signature",
        `__Host-session=${"A".repeat(3000)}`,
        "__session=%00%ff",
      ],
      runs: r(10),
      visibleForm: false,
    },
  ];
}

export interface MemberContext extends Sessions {
  /** Member A's cart cookie (one product) and the checkout form's hidden fields from GET /checkout. */
  memberWithCart: string;
  checkoutForm: { checkoutToken: string; summary: string };
  /** Member A's own booked event (an order item A may register participants for). */
  ownOrderItemId: string;
  /** A second member's order, order item and profile. */
  otherOrderId: string;
  otherOrderItemId: string;
  otherProfileId: string;
}

const CHECKOUT_VALID = {
  salutation: "",
  firstName: "Erika",
  lastName: "Muster",
  email: "erika@example.com",
  street: "Musterweg 1",
  zipcode: "12345",
  city: "Berlin",
  country: "Deutschland",
  areacode: "",
  phone: "",
  mobile: "",
  notes: "",
};

const PROFILE_VALID = {
  intent: "save-profile",
  salutation: "",
  firstName: "Erika",
  lastName: "Muster",
  street: "",
  zipcode: "",
  city: "",
  country: "",
  areacode: "",
  phone: "",
  mobile: "",
};

/** Member forms: checkout, dashboard, account. Posted as member, and anonymously (guard). */
export function memberForms(c: MemberContext, scale = 1): FormSpec[] {
  const r = (n: number) => Math.max(1, Math.round(n * scale));
  const otherIds = [c.otherOrderId, c.otherOrderItemId, c.otherProfileId];
  return [
    {
      name: "checkout",
      path: "/checkout",
      valid: { ...c.checkoutForm, ...CHECKOUT_VALID },
      typed: Object.keys(CHECKOUT_VALID),
      overrides: {
        checkoutToken: hostileId(otherIds),
        salutation: fc.oneof(fc.constantFrom("", "Frau", "Herr", "Divers", "Dr."), hostileString),
      },
      cookies: [c.memberWithCart, c.anonymous, c.member],
      runs: r(60),
    },
    {
      name: "dashboard: save profile",
      path: "/dashboard?tab=profile&edit=1",
      valid: PROFILE_VALID,
      typed: Object.keys(PROFILE_VALID).filter((k) => k !== "intent"),
      overrides: {
        intent: fc.oneof(fc.constantFrom("save-profile", "create-profile", "register", "delete"), hostileString),
      },
      cookies: [c.member, c.anonymous],
      runs: r(45),
    },
    {
      name: "dashboard: register participants for an own booking",
      path: `/dashboard?tab=orders&register=${c.ownOrderItemId}`,
      valid: {
        intent: "register",
        orderItemId: c.ownOrderItemId,
        firstName: "Max",
        lastName: "Muster",
        email: "max@example.com",
        phone: "",
        notes: "",
      },
      typed: ["firstName", "lastName", "email", "phone", "notes"],
      cookies: [c.member, c.anonymous],
      runs: r(35),
    },
    {
      name: "dashboard: register participants for another member's booking",
      path: fc.constantFrom(
        `/dashboard?tab=orders&register=${c.otherOrderItemId}`,
        `/dashboard?tab=orders&register=${c.ownOrderItemId}`,
      ),
      valid: {
        intent: "register",
        orderItemId: c.otherOrderItemId,
        firstName: "Max",
        lastName: "Muster",
        email: "max@example.com",
        phone: "",
        notes: "",
      },
      typed: [],
      overrides: { orderItemId: hostileId(otherIds) },
      cookies: [c.member, c.anonymous],
      runs: r(30),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "account: change password",
      path: "/account/password",
      // Never the real password: these cases must not change the member's account.
      valid: {
        currentPassword: "falsches-passwort-1",
        password: "neues-passwort-1",
        passwordConfirm: "neues-passwort-1",
      },
      typed: ["currentPassword", "password", "passwordConfirm"],
      cookies: [c.member, c.anonymous],
      runs: r(25),
      mustReject: true,
    },
    {
      name: "account: change e-mail",
      path: "/account/email",
      // Never the real password: these cases must not start a change of the member's address.
      valid: { email: "neue-adresse@example.com", currentPassword: "falsches-passwort-1" },
      typed: ["email", "currentPassword"],
      cookies: [c.member, c.anonymous],
      runs: r(25),
      mustReject: true,
    },
    {
      name: "account: delete",
      path: "/account/delete",
      valid: { currentPassword: "falsches-passwort-1", confirm: "on" },
      typed: ["currentPassword", "confirm"],
      cookies: [c.member, c.anonymous],
      runs: r(25),
      mustReject: true,
    },
    {
      name: "account: export",
      path: "/account/export",
      valid: { format: "json" },
      typed: [],
      cookies: [c.member, c.anonymous],
      runs: r(8),
      visibleForm: false,
    },
  ];
}

const ADMIN_KINDS = ["events", "courses", "products"] as const;
const CATALOG_VALID = {
  title: "Probe",
  category: "Test",
  date: "01.01.2030",
  time: "10:00",
  location: "Berlin",
  provider: "",
  description: "",
  details: "",
  image_url: "/images/probe.jpg",
  price: "10",
  behappy_price: "5",
  availability: "on",
  show_on_startpage: "",
  show_on_offer: "",
};

/** Admin forms and row actions, posted as admin, and as a member and anonymously (guards). */
export function adminForms(c: MemberContext, scale = 1): FormSpec[] {
  const r = (n: number) => Math.max(1, Math.round(n * scale));
  const otherIds = [c.otherOrderId, c.otherOrderItemId, c.otherProfileId, PRODUCT, EVENT, COURSE];
  const kind = fc.constantFrom(...ADMIN_KINDS);
  const price = fc.oneof(hostileNumber, fc.constantFrom("12,50", "-0,01", "0,001", "99999999,99", "100000000"));
  const writeIds = hostileId([NONEXISTENT_UUID, c.otherOrderId, c.otherProfileId]);
  return [
    {
      name: "admin: create catalogue item",
      path: kind.map((k) => `/admin/${k}/new`),
      valid: CATALOG_VALID,
      typed: Object.keys(CATALOG_VALID),
      overrides: { price, behappy_price: price },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(60),
    },
    {
      name: "admin: voucher codes (create, deactivate)",
      path: "/admin/gutscheine",
      valid: {
        intent: "create",
        id: NONEXISTENT_UUID,
        code: "HOSTILE10",
        kind: "percent",
        amount: "10",
        minOrder: "",
        validFrom: "",
        validUntil: "",
        maxUses: "",
        maxUsesPerCustomer: "",
        itemKinds: "product",
        membersOnly: "",
      },
      typed: ["code", "amount", "minOrder", "validFrom", "validUntil", "maxUses", "maxUsesPerCustomer"],
      overrides: {
        intent: fc.oneof(fc.constantFrom("create", "deactivate"), hostileString),
        id: writeIds,
        kind: fc.oneof(fc.constantFrom("percent", "fixed"), hostileString),
        amount: price,
        minOrder: price,
        maxUses: hostileNumber,
        maxUsesPerCustomer: hostileNumber,
        itemKinds: fc.oneof(fc.constantFrom("product", "course", "event", "membership"), hostileString),
      },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(40),
    },
    {
      name: "admin: edit an item that does not exist (or of another kind)",
      path: fc
        .tuple(
          kind,
          fc.constantFrom(NONEXISTENT_UUID, c.otherOrderId, c.otherProfileId, "00000000-0000-4000-8000-000000000000"),
        )
        .map(([k, id]) => `/admin/${k}/new/${id}`),
      valid: CATALOG_VALID,
      typed: Object.keys(CATALOG_VALID),
      overrides: { price, behappy_price: price },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(30),
      mustReject: true,
      // The edit form of an item that does not exist is never shown (GET answers 404); only an
      // item deleted while its form was open gets here, and then the not-found page is the answer.
      visibleForm: false,
    },
    {
      name: "admin: edit with a non-uuid id",
      path: fc
        .tuple(kind, fc.constantFrom("1", "abc", "' or 1=1 --", "%00", "..%2F..%2Fetc"))
        .map(([k, id]) => `/admin/${k}/new/${id}`),
      valid: CATALOG_VALID,
      typed: [],
      cookies: [c.admin, c.member],
      runs: r(10),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "admin: delete or toggle rows that do not exist",
      path: kind.map((k) => `/admin/${k}`),
      valid: { intent: "delete", id: NONEXISTENT_UUID, flag: "show_on_offer", value: "on", returnTo: "/admin/events" },
      typed: [],
      overrides: {
        intent: fc.oneof(fc.constantFrom("delete", "flag", "purge"), hostileString),
        id: writeIds,
        flag: fc.oneof(fc.constantFrom("show_on_startpage", "show_on_offer", "availability", "price"), hostileString),
        returnTo: fc.constantFrom("/admin/events", "//evil.example", "https://evil.example/admin", "/admin/../logout"),
      },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(40),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "admin: order status",
      path: "/admin/orders",
      valid: { intent: "status", id: NONEXISTENT_UUID, status: "completed", returnTo: "/admin/orders" },
      typed: [],
      overrides: {
        id: hostileId([NONEXISTENT_UUID, c.otherOrderItemId, c.otherProfileId]),
        status: fc.oneof(fc.constantFrom("pending", "completed", "cancelled", "refunded", "COMPLETED"), hostileString),
      },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(35),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "admin: another member's order, status tampered",
      path: "/admin/orders",
      valid: { intent: "status", id: c.otherOrderId, status: "refunded", returnTo: "/admin/orders" },
      typed: [],
      overrides: {
        status: fc.oneof(fc.constantFrom("refunded", "", "paid"), hostileString),
        intent: fc.constantFrom("status", "delete"),
      },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(15),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "admin: contact read",
      path: "/admin/contacts",
      valid: { intent: "read", id: NONEXISTENT_UUID, returnTo: "/admin/contacts" },
      typed: [],
      overrides: { id: hostileId(otherIds), intent: fc.oneof(fc.constantFrom("read", "delete"), hostileString) },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(25),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "admin: a newsletter issue at an address that is no id",
      path: fc.constantFrom("/admin/newsletter/aussendungen/abc", "/admin/newsletter/aussendungen/1%27"),
      valid: { intent: "save", subject: "Betreff", preheader: "", body: "Text" },
      typed: [],
      overrides: { intent: fc.constantFrom("save", "test", "send-review", "send") },
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(10),
      mustReject: true,
      visibleForm: false,
    },
    {
      name: "admin: pages without actions, posted anyway",
      path: fc.constantFrom("/admin", "/admin/newsletter", "/admin/profiles", "/admin/newsletter.csv"),
      valid: { intent: "delete", id: c.otherProfileId },
      typed: [],
      cookies: [c.admin, c.member, c.anonymous],
      runs: r(10),
      mustReject: true,
      visibleForm: false,
    },
  ];
}

export function propertiesOf(specs: FormSpec[]): PropertyDef[] {
  return specs.map(propertyOf);
}
