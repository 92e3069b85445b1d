// Members: profiles, roles, memberships, their versions and contract cancellations.
import { type TableCase, X } from "./matrix";

export const MEMBERS_TABLES: Record<string, TableCase> = {
  profiles: {
    where: "id = $1",
    key: (i) => i.owner,
    // The owner creates their own profile when it is missing (spec §4): remove it first.
    insertSetup: (i) => [`delete from public.profiles where id = '${i.owner}'`],
    insert: (i) => [
      "insert into public.profiles (id, first_name, last_name, email) values ($1, '', '', null)",
      [i.owner],
    ],
    set: "first_name = first_name",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["ok", "ok", "ok", "none"],
      admin: ["ok", X, "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  user_roles: {
    // The fixture row is the admin's own role.
    where: "user_id = $1",
    key: (i) => i.admin,
    insert: (i) => ["insert into public.user_roles (user_id, role) values ($1, 'admin')", [i.other]],
    set: "role = role",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  memberships: {
    // Written only by SQL functions (place_order, order completion, admin_set_membership); the member
    // reads their own, admins read all.
    where: "user_id = $1",
    key: (i) => i.owner,
    insert: (i) => ["insert into public.memberships (user_id, plan) values ($1, 'lifetime')", [i.other]],
    set: "until = until",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  viewer_version: {
    // One row, bumped only by the triggers on sessions, accounts, memberships and roles (security
    // definer); everyone reads it, so a member's own write can note the version it produced.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.viewer_version"],
    insert: () => ["insert into public.viewer_version (id, version) values (true, 1)", []],
    set: "version = version",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  member_data_version: {
    // One row, bumped only by the triggers on what a member's dashboard shows (security definer);
    // everyone reads it, like viewer_version.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.member_data_version"],
    insert: () => ["insert into public.member_data_version (id, version) values (true, 1)", []],
    set: "version = version",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  contract_cancellations: {
    // Filed through public.file_contract_cancellation only; the member reads the ones applied to them.
    where: "id = $1",
    key: (i) => i.cancellation,
    insert: () => [
      "insert into public.contract_cancellations (kind, name, email, confirmation_email) values ('ordentlich', 'A B', 'a@example.com', 'a@example.com')",
      [],
    ],
    set: "matched_at = matched_at",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", X],
      owner: ["ok", X, "none", X],
      admin: ["ok", X, "ok", X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
};
