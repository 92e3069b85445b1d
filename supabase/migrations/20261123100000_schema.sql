-- BeHappy schema: tables, constraints, indexes, small triggers.
-- Runs unchanged on Supabase (PostgreSQL 15/17), a plain PostgreSQL 15 and PGlite (18): nothing newer
-- than PostgreSQL 15 is used. Roles and schema `auth` come from Supabase or from supabase/local/.
-- Rights (grants, RLS) are in 20261123100200_security.sql, business functions in ..._functions.sql.

-- pg_trgm powers the admin text searches (ILIKE '%…%' on GIN trigram indexes). Supabase keeps
-- extensions in schema `extensions`; we do the same everywhere, and resolve the operator classes
-- through this migration's search_path so an already installed pg_trgm (any schema) also works.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
select set_config('search_path', 'public, extensions', true);

-- -----------------------------------------------------------------------------------------------
-- Catalogue: events, courses, products.
-- Every text column carries a length bound so a form (or a bug) cannot store megabytes, required
-- texts must not be blank, and URLs must be site-relative or http(s) (no `javascript:` in src/href).
-- -----------------------------------------------------------------------------------------------
create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  category text not null check (btrim(category) <> '' and char_length(category) <= 100),
  image_url text not null check (char_length(image_url) <= 500 and image_url ~ '^(https?://|/)\S*$'),
  -- date and time are free text in the spec ("12.03.2027", "18:00 – 21:00 Uhr").
  date text not null check (btrim(date) <> '' and char_length(date) <= 100),
  time text not null check (btrim(time) <> '' and char_length(time) <= 100),
  location text not null check (btrim(location) <> '' and char_length(location) <= 200),
  provider text check (char_length(provider) <= 200),
  description text check (char_length(description) <= 10000),
  price numeric(10, 2) not null default 0 check (price >= 0),
  -- The spec's community price column name is hyphenated; keep it for compatibility.
  "behappy-price" numeric(10, 2) not null default 0 check ("behappy-price" >= 0),
  show_on_startpage boolean not null default false,
  show_on_offer boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  category text not null check (btrim(category) <> '' and char_length(category) <= 100),
  image_url text not null check (char_length(image_url) <= 500 and image_url ~ '^(https?://|/)\S*$'),
  -- Optional for courses (self-paced courses have no date).
  date text check (char_length(date) <= 100),
  time text check (char_length(time) <= 100),
  location text check (char_length(location) <= 200),
  provider text check (char_length(provider) <= 200),
  description text check (char_length(description) <= 10000),
  price numeric(10, 2) not null default 0 check (price >= 0),
  "behappy-price" numeric(10, 2) not null default 0 check ("behappy-price" >= 0),
  show_on_startpage boolean not null default false,
  show_on_offer boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

create table public.products (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  category text not null check (btrim(category) <> '' and char_length(category) <= 100),
  description text check (char_length(description) <= 10000),
  details text check (char_length(details) <= 10000),
  image_url text not null check (char_length(image_url) <= 500 and image_url ~ '^(https?://|/)\S*$'),
  price numeric(10, 2) not null default 0 check (price >= 0),
  behappy_price numeric(10, 2) not null default 0 check (behappy_price >= 0),
  availability boolean not null default true,
  show_on_startpage boolean not null default false,
  show_on_offer boolean not null default false,
  -- Plan cards (membership products) list what is and is not included. Bounded, no NULL entries.
  features text[] not null default '{}' check (
    cardinality(features) <= 30 and array_position(features, null) is null
    and char_length(array_to_string(features, '')) <= 6000),
  not_included text[] not null default '{}' check (
    cardinality(not_included) <= 30 and array_position(not_included, null) is null
    and char_length(array_to_string(not_included, '')) <= 6000),
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

-- Lists are "newest first"; home and offers sections filter on a flag (small partial indexes).
create index events_created_at_idx on public.events (created_at desc);
create index events_startpage_idx on public.events (created_at desc) where show_on_startpage;
create index events_offer_idx on public.events (created_at desc) where show_on_offer;
create index courses_created_at_idx on public.courses (created_at desc);
create index courses_startpage_idx on public.courses (created_at desc) where show_on_startpage;
create index courses_offer_idx on public.courses (created_at desc) where show_on_offer;
create index products_created_at_idx on public.products (created_at desc);
create index products_startpage_idx on public.products (created_at desc) where show_on_startpage;
create index products_offer_idx on public.products (created_at desc) where show_on_offer;
create index products_category_idx on public.products (category);
-- Admin title search (ILIKE '%…%').
create index events_title_trgm_idx on public.events using gin (title gin_trgm_ops);
create index courses_title_trgm_idx on public.courses using gin (title gin_trgm_ops);
create index products_title_trgm_idx on public.products using gin (title gin_trgm_ops);

-- -----------------------------------------------------------------------------------------------
-- Newsletter (double opt-in) and contact messages: written by visitors, read by admins.
-- -----------------------------------------------------------------------------------------------
create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- The spec stores empty names as NULL; '' is rejected so there is one representation.
  first_name text check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  last_name text check (btrim(last_name) <> '' and char_length(last_name) <= 100),
  status text not null default 'pending' check (status in ('pending', 'subscribed', 'unsubscribed')),
  -- Proof of consent (GDPR): the exact text the visitor agreed to, and when.
  consent_text text not null check (btrim(consent_text) <> '' and char_length(consent_text) <= 2000),
  consent_at timestamptz not null default now(),
  -- Only hashes of the mailed tokens are stored.
  confirm_token_hash text unique check (char_length(confirm_token_hash) between 16 and 128),
  unsubscribe_token_hash text unique check (char_length(unsubscribe_token_hash) between 16 and 128),
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
-- One row per address regardless of case: a second signup fails with 23505 (spec: duplicate notice).
create unique index newsletter_subscriptions_email_key on public.newsletter_subscriptions (lower(email));
create index newsletter_subscriptions_created_at_idx on public.newsletter_subscriptions (created_at desc);
create index newsletter_subscriptions_email_trgm_idx on public.newsletter_subscriptions using gin (email gin_trgm_ops);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 100),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- Optional; stored as NULL when empty (spec), so '' is rejected.
  phone text check (btrim(phone) <> '' and char_length(phone) <= 50),
  message text not null check (btrim(message) <> '' and char_length(message) <= 5000),
  status text not null default 'new' check (status in ('new', 'read')),
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
create index contact_messages_name_trgm_idx on public.contact_messages using gin (name gin_trgm_ops);

-- -----------------------------------------------------------------------------------------------
-- Orders. Written only by public.place_order (prices and totals from the catalogue).
-- -----------------------------------------------------------------------------------------------
create table public.orders (
  id uuid primary key default gen_random_uuid(),
  customer_name text not null check (btrim(customer_name) <> '' and char_length(customer_name) <= 201),
  customer_email text not null check (
    char_length(customer_email) <= 254 and customer_email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  customer_phone text check (btrim(customer_phone) <> '' and char_length(customer_phone) <= 50),
  total_amount numeric(10, 2) not null default 0 check (total_amount >= 0),
  status text not null default 'pending' check (status in ('pending', 'completed', 'cancelled')),
  -- An order outlives its account (bookkeeping), hence SET NULL.
  user_id uuid references auth.users (id) on delete set null,
  -- Address snapshot at checkout time; the profile may change later.
  salutation text check (char_length(salutation) <= 50),
  street text check (char_length(street) <= 200),
  zipcode text check (char_length(zipcode) <= 20),
  city text check (char_length(city) <= 100),
  country text check (char_length(country) <= 100),
  notes text check (char_length(notes) <= 2000),
  -- One order per checkout form render: a double submit or retry returns the same order.
  checkout_token uuid unique,
  created_at timestamptz not null default now()
);
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc);
create index orders_customer_name_trgm_idx on public.orders using gin (customer_name gin_trgm_ops);
create index orders_customer_email_trgm_idx on public.orders using gin (customer_email gin_trgm_ops);

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- No foreign key: an order line survives the deletion of its catalogue item (title and price are
  -- snapshots), and item_id points into one of three tables.
  item_id uuid not null,
  item_type text not null check (item_type in ('product', 'course', 'event', 'membership')),
  item_title text not null check (btrim(item_title) <> '' and char_length(item_title) <= 200),
  quantity integer not null check (quantity between 1 and 99),
  price numeric(10, 2) not null check (price >= 0)
);
create index order_items_order_id_idx on public.order_items (order_id);

-- -----------------------------------------------------------------------------------------------
-- Profiles: one per auth user, created by the on_auth_user_created trigger.
-- -----------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  salutation text check (char_length(salutation) <= 50),
  -- Empty strings are allowed here: the spec creates profiles with empty names.
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  email text check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  street text check (char_length(street) <= 200),
  zipcode text check (char_length(zipcode) <= 20),
  city text check (char_length(city) <= 100),
  country text check (char_length(country) <= 100),
  areacode text check (char_length(areacode) <= 20),
  phone text check (char_length(phone) <= 50),
  mobile text check (char_length(mobile) <= 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz
);
create index profiles_created_at_idx on public.profiles (created_at desc);
create index profiles_first_name_trgm_idx on public.profiles using gin (first_name gin_trgm_ops);
create index profiles_last_name_trgm_idx on public.profiles using gin (last_name gin_trgm_ops);
create index profiles_email_trgm_idx on public.profiles using gin (email gin_trgm_ops);

-- -----------------------------------------------------------------------------------------------
-- Event participants, written only by public.register_participant (at most `quantity` per line).
-- -----------------------------------------------------------------------------------------------
create table public.event_bookings (
  id uuid primary key default gen_random_uuid(),
  -- The booking stays when an event is deleted (the order line still proves it was paid).
  event_id uuid references public.events (id) on delete set null,
  first_name text not null check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  last_name text not null check (btrim(last_name) <> '' and char_length(last_name) <= 100),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (btrim(phone) <> '' and char_length(phone) <= 50),
  notes text check (btrim(notes) <> '' and char_length(notes) <= 2000),
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index event_bookings_order_item_id_idx on public.event_bookings (order_item_id);
create index event_bookings_event_id_idx on public.event_bookings (event_id);

-- -----------------------------------------------------------------------------------------------
-- Roles (admin), rate limits, mail outbox.
-- -----------------------------------------------------------------------------------------------
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin')),
  primary key (user_id, role)
);

-- Fixed-window counters shared by every app instance (see public.rate_limit_hit).
create table public.rate_limits (
  -- Keys are "<tier>:<ip or e-mail>"; 512 leaves room for a 254-character address.
  key text not null check (char_length(key) <= 512),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (key, window_start)
);
create index rate_limits_window_start_idx on public.rate_limits (window_start);

-- Mails are queued in the request's transaction and sent afterwards by the server (service_role),
-- so a rolled-back request never sends mail and a crashed sender can retry.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null check (
    char_length(to_address) <= 254 and to_address ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  subject text not null check (btrim(subject) <> '' and char_length(subject) <= 300),
  text_body text not null check (char_length(text_body) <= 100000),
  html_body text check (char_length(html_body) <= 200000),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text check (char_length(error) <= 2000)
);
create index mail_outbox_unsent_idx on public.mail_outbox (created_at) where sent_at is null;

-- -----------------------------------------------------------------------------------------------
-- updated_at is set by the database, so it is right whichever client edits a row.
-- -----------------------------------------------------------------------------------------------
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger events_set_updated_at before update on public.events
  for each row execute function public.set_updated_at();
create trigger courses_set_updated_at before update on public.courses
  for each row execute function public.set_updated_at();
create trigger products_set_updated_at before update on public.products
  for each row execute function public.set_updated_at();
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();
