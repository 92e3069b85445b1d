-- Demo catalogue for a new database (applied once, as the migration owner; RLS does not apply).
-- Fixed ids keep links and tests stable. created_at is spread over past days so "newest first" shows.
-- Images are the SVG illustrations in public/images/catalog/.

insert into public.events
  (id, title, category, image_url, date, time, location, provider, description,
   price, "behappy-price", show_on_startpage, show_on_offer, created_at)
values
  ('e0000000-0000-4000-8000-000000000001', 'Glücks-Workshop: Die Kunst der Dankbarkeit', 'Workshop',
   '/images/catalog/dankbarkeit-workshop.svg', '14.03.2027', '10:00 – 16:00 Uhr', 'Berlin, Kulturbrauerei',
   'BeHappy Akademie',
   'Ein Tag voller praktischer Übungen rund um Dankbarkeit: Du lernst Rituale kennen, die dein Wohlbefinden nachhaltig stärken, und tauschst dich mit Gleichgesinnten aus.',
   129.00, 99.00, true, true, now() - interval '2 days'),
  ('e0000000-0000-4000-8000-000000000002', 'Business-Netzwerkabend München', 'Netzwerken',
   '/images/catalog/netzwerkabend.svg', '27.03.2027', '18:30 – 22:00 Uhr', 'München, Werksviertel',
   'BeHappy Business Club',
   'Lerne Unternehmerinnen und Unternehmer aus der Community kennen. Kurze Impulsvorträge, danach offenes Netzwerken bei Fingerfood.',
   49.00, 0.00, true, false, now() - interval '5 days'),
  ('e0000000-0000-4000-8000-000000000003', 'Achtsamkeits-Retreat am Tegernsee', 'Retreat',
   '/images/catalog/achtsamkeits-retreat.svg', '07.05.2027 – 09.05.2027', 'Fr 15:00 – So 13:00 Uhr', 'Gmund am Tegernsee',
   'Lena Hoffmann',
   'Drei Tage Auszeit mit Meditation, Yoga und Wanderungen am See. Inklusive Übernachtung und vegetarischer Vollpension.',
   590.00, 490.00, true, true, now() - interval '9 days'),
  ('e0000000-0000-4000-8000-000000000004', 'Vision-Board-Abend', 'Workshop',
   '/images/catalog/vision-board.svg', '02.04.2027', '19:00 – 21:30 Uhr', 'Hamburg, Schanzenviertel',
   'BeHappy Community Hamburg',
   'Gestalte dein persönliches Vision Board für das kommende Jahr. Material ist vorhanden, gute Laune bringst du mit.',
   35.00, 25.00, false, true, now() - interval '12 days'),
  ('e0000000-0000-4000-8000-000000000005', 'BeHappy Sommerfest 2027', 'Community',
   '/images/catalog/sommerfest.svg', '26.06.2027', '14:00 – 22:00 Uhr', 'Köln, Rheinpark',
   'BeHappy e. V.',
   'Unser jährliches Fest für die ganze Community: Musik, Mitmach-Workshops, Kinderprogramm und viele Begegnungen.',
   25.00, 15.00, true, false, now() - interval '16 days'),
  ('e0000000-0000-4000-8000-000000000006', 'Online-Live-Session: Ziele klar setzen', 'Online',
   '/images/catalog/ziele-live-session.svg', '18.03.2027', '20:00 – 21:30 Uhr', 'Online (Zoom)',
   'Markus Weber',
   'In 90 Minuten formulierst du drei klare Ziele für die nächsten Monate und erhältst eine Vorlage für deinen Wochenplan.',
   19.00, 9.00, false, true, now() - interval '20 days');

insert into public.courses
  (id, title, category, image_url, date, time, location, provider, description,
   price, "behappy-price", show_on_startpage, show_on_offer, created_at)
values
  ('c0000000-0000-4000-8000-000000000001', 'Selbstwert stärken in 8 Wochen', 'Persönlichkeitsentwicklung',
   '/images/catalog/selbstwert-kurs.svg', 'ab 01.04.2027', 'Donnerstags 19:00 Uhr', 'Online', 'Dr. Sarah Klein',
   'Acht Wochen, acht Module: Du erkennst alte Glaubenssätze, ersetzt sie durch stärkende Gedanken und übst neue Gewohnheiten im Alltag.',
   249.00, 199.00, true, true, now() - interval '1 day'),
  ('c0000000-0000-4000-8000-000000000002', 'Achtsamkeit im Alltag', 'Achtsamkeit',
   '/images/catalog/achtsamkeit-alltag.svg', null, null, 'Online, im eigenen Tempo', 'Lena Hoffmann',
   'Kurze tägliche Übungen, geführte Meditationen und Reflexionsfragen helfen dir, gelassener durch den Tag zu gehen.',
   89.00, 0.00, true, true, now() - interval '4 days'),
  ('c0000000-0000-4000-8000-000000000003', 'Online-Business aufbauen', 'Business',
   '/images/catalog/online-business.svg', 'ab 15.04.2027', 'Donnerstags 18:00 Uhr', 'Online', 'Markus Weber',
   'Von der Idee zum ersten Kunden: Positionierung, Angebot, einfache Website und die ersten Marketing-Schritte.',
   499.00, 399.00, true, false, now() - interval '7 days'),
  ('c0000000-0000-4000-8000-000000000004', 'Kommunikation mit Herz', 'Kommunikation',
   '/images/catalog/kommunikation.svg', '10.04.2027 – 11.04.2027', '09:30 – 17:00 Uhr', 'Frankfurt am Main', 'Julia Brandt',
   'Gewaltfreie Kommunikation kompakt: Konflikte klären, Bedürfnisse ausdrücken, wirklich zuhören.',
   320.00, 270.00, false, true, now() - interval '11 days'),
  ('c0000000-0000-4000-8000-000000000005', 'Stressfrei durch den Job', 'Gesundheit',
   '/images/catalog/stressfrei.svg', 'ab 05.05.2027', 'Mittwochs 12:00 Uhr', 'Online', 'Tobias Neumann',
   'Sechs Mittagspausen-Sessions mit Atemtechniken, Pausenplanung und Strategien gegen Überlastung.',
   149.00, 119.00, false, false, now() - interval '15 days'),
  ('c0000000-0000-4000-8000-000000000006', 'Finanzielle Freiheit: Die Grundlagen', 'Finanzen',
   '/images/catalog/finanzen.svg', null, null, 'Online, im eigenen Tempo', 'Anna Schulz',
   'Budget, Notgroschen, Vorsorge und erste Schritte beim Investieren – verständlich erklärt, ohne Fachchinesisch.',
   129.00, 99.00, true, true, now() - interval '19 days');

-- Real start and end (Europe/Berlin) and seats (issue 27); the pages show the free-text date and time.
-- Seats are limited where a room limits them (the retreat, the online session's licence); the
-- workshop and the evening events the test suites book again and again stay unlimited.
update public.events e
   set starts_at = v.starts::timestamp at time zone 'Europe/Berlin',
       ends_at = v.ends::timestamp at time zone 'Europe/Berlin',
       capacity = v.capacity
  from (values
    ('e0000000-0000-4000-8000-000000000001', '2027-03-14 10:00', '2027-03-14 16:00', null),
    ('e0000000-0000-4000-8000-000000000002', '2027-03-27 18:30', '2027-03-27 22:00', null),
    ('e0000000-0000-4000-8000-000000000003', '2027-05-07 15:00', '2027-05-09 13:00', 12),
    ('e0000000-0000-4000-8000-000000000004', '2027-04-02 19:00', '2027-04-02 21:30', null),
    ('e0000000-0000-4000-8000-000000000005', '2027-06-26 14:00', '2027-06-26 22:00', null),
    ('e0000000-0000-4000-8000-000000000006', '2027-03-18 20:00', '2027-03-18 21:30', 100)
  ) as v (id, starts, ends, capacity)
 where e.id = v.id::uuid;

update public.courses c
   set starts_at = v.starts::timestamp at time zone 'Europe/Berlin',
       ends_at = v.ends::timestamp at time zone 'Europe/Berlin',
       capacity = v.capacity
  from (values
    ('c0000000-0000-4000-8000-000000000001', '2027-04-01 19:00', '2027-05-20 20:30', null),
    ('c0000000-0000-4000-8000-000000000004', '2027-04-10 09:30', '2027-04-11 17:00', 14)
  ) as v (id, starts, ends, capacity)
 where c.id = v.id::uuid;


insert into public.products
  (id, title, category, description, details, image_url, price, behappy_price, availability,
   show_on_startpage, show_on_offer, features, not_included, created_at)
values
  ('b0000000-0000-4000-8000-000000000001', 'Dankbarkeitstagebuch', 'Bücher',
   'Dein Begleiter für 6 Monate: jeden Tag drei Dinge, für die du dankbar bist.',
   E'Hardcover, 200 Seiten\nLesebändchen und Gummiband\nMit Wochenreflexion und Monatsrückblick',
   '/images/catalog/dankbarkeitstagebuch.svg', 24.90, 19.90, true, true, true, '{}', '{}', now() - interval '1 day'),
  ('b0000000-0000-4000-8000-000000000002', 'BeHappy Planer 2027', 'Planer',
   'Wochenplaner mit Zielseiten, Habit-Tracker und Impulsen für mehr Leichtigkeit.',
   E'DIN A5, 240 Seiten\nFSC-zertifiziertes Papier\nEine Woche auf einer Doppelseite',
   '/images/catalog/planer.svg', 29.90, 24.90, true, true, true, '{}', '{}', now() - interval '3 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Affirmationskarten-Set', 'Karten',
   '52 Karten mit stärkenden Sätzen – eine für jede Woche des Jahres.',
   E'52 Karten im Format 9 x 13 cm\nIn einer Box aus Recyclingkarton',
   '/images/catalog/affirmationskarten.svg', 19.90, 14.90, true, true, false, '{}', '{}', now() - interval '6 days'),
  ('b0000000-0000-4000-8000-000000000004', 'Meditationskissen Lotus', 'Zubehör',
   'Bequemes Sitzkissen mit Buchweizenfüllung für deine tägliche Meditation.',
   E'Bezug aus Bio-Baumwolle, waschbar\nFüllung: Buchweizenschalen\nHöhe ca. 15 cm',
   '/images/catalog/meditationskissen.svg', 49.90, 44.90, false, false, true, '{}', '{}', now() - interval '8 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Hörbuch: Der Weg zum Glück', 'Hörbücher',
   'Sechs Stunden Inspiration zum Zuhören – gelesen von unserer Gründerin.',
   E'Download im MP3-Format\nLaufzeit ca. 6 Stunden',
   '/images/catalog/hoerbuch.svg', 14.90, 9.90, true, false, true, '{}', '{}', now() - interval '10 days'),
  ('b0000000-0000-4000-8000-000000000006', 'Workbook Zielklarheit', 'Bücher',
   'Schritt für Schritt zu Zielen, die wirklich zu dir passen.',
   E'Softcover, 120 Seiten\nMit Übungen und Vorlagen zum Ausfüllen',
   '/images/catalog/workbook-zielklarheit.svg', 22.00, 18.00, false, false, false, '{}', '{}', now() - interval '13 days'),
  ('b0000000-0000-4000-8000-000000000007', 'BeHappy Tasse', 'Merchandise',
   'Für den ersten Kaffee des Tages – mit einem Lächeln.',
   E'Steinzeug, 350 ml\nSpülmaschinenfest',
   '/images/catalog/tasse.svg', 14.90, 12.90, true, false, false, '{}', '{}', now() - interval '17 days'),
  ('b0000000-0000-4000-8000-000000000008', 'E-Book: 30 Tage Achtsamkeit', 'E-Books',
   'Ein Monat, eine kleine Übung pro Tag. Für Mitglieder inklusive.',
   E'PDF, 80 Seiten\nSofort nach der Bestellung verfügbar',
   '/images/catalog/ebook-achtsamkeit.svg', 9.90, 0.00, true, true, true, '{}', '{}', now() - interval '21 days'),
  -- Membership plans (spec: category 'membership', exact English titles; plan cards read
  -- description, features and not_included).
  ('a0000000-0000-4000-8000-000000000001', 'Free Membership', 'membership',
   'Schnupper in die BeHappy Community hinein – kostenlos und unverbindlich.',
   null, '/images/catalog/membership-free.svg', 0.00, 0.00, true, false, false,
   array['Zugang zum Community-Forum', 'Monatlicher Newsletter mit Impulsen', 'Einladungen zu kostenlosen Online-Events'],
   array['Community-Preise auf Kurse und Events', 'Live-Sessions mit Expertinnen und Experten', 'Persönliches Coaching'],
   now() - interval '30 days'),
  ('a0000000-0000-4000-8000-000000000002', 'Yearly Membership', 'membership',
   'Ein Jahr volle Mitgliedschaft mit Community-Preisen und monatlichen Live-Sessions.',
   null, '/images/catalog/membership-yearly.svg', 99.00, 0.00, true, false, false,
   array['Alles aus der Free Membership', 'Community-Preise auf alle Kurse, Events und Produkte', 'Monatliche Live-Sessions', 'Mitglieder-Bibliothek mit E-Books'],
   array['Persönliches Coaching', 'Lebenslanger Zugang'],
   now() - interval '30 days'),
  ('a0000000-0000-4000-8000-000000000003', 'Lifetime Membership', 'membership',
   'Einmal zahlen, für immer dabei – mit allen Vorteilen und persönlichem Coaching.',
   null, '/images/catalog/membership-lifetime.svg', 499.00, 0.00, true, false, false,
   array['Alles aus der Yearly Membership', 'Lebenslanger Zugang ohne Verlängerung', 'Zwei persönliche Coaching-Gespräche', 'Frühzugang zu neuen Kursen'],
   array[]::text[],
   now() - interval '30 days');

-- VAT rate and shipping (issue 17): books, e-book and audiobook at the reduced rate; physical goods
-- are shipped, downloads and memberships are not.
update public.products set vat_rate = 7
  where id in ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000005',
               'b0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000008');
update public.products set shipped = true
  where id in ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002',
               'b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000004',
               'b0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000007');
