/** Team members and advisors shown on /team (spec §2, §3). The people are examples. */

export type SocialLink = {
  type: "email" | "linkedin" | "instagram" | "website";
  /** Accessible name, e.g. 'E-Mail an Sabine Hoffmann'. */
  label: string;
  href: string;
};

export type Person = {
  name: string;
  role: string;
  bio: string;
  image: string;
  social: SocialLink[];
};

const email = (name: string, local: string): SocialLink => ({
  type: "email",
  label: `E-Mail an ${name}`,
  href: `mailto:${local}@behappy.example`,
});

export const teamMembers: Person[] = [
  {
    name: "Sabine Hoffmann",
    role: "Gründerin und Geschäftsführerin",
    bio: "Sabine hatte 2019 die Idee zu BeHappy. Nach fünfzehn Jahren in der Personalentwicklung wollte sie einen Ort schaffen, an dem persönliches Wachstum und echte Gemeinschaft zusammenfinden.",
    image: "/images/site/team-sabine-hoffmann.svg",
    social: [email("Sabine Hoffmann", "sabine")],
  },
  {
    name: "Markus Weber",
    role: "Leitung Kurse und Didaktik",
    bio: "Markus ist Erwachsenenbildner aus Leidenschaft. Er sorgt dafür, dass unsere Kurse verständlich, lebendig und im Alltag wirklich anwendbar sind.",
    image: "/images/site/team-markus-weber.svg",
    social: [email("Markus Weber", "markus")],
  },
  {
    name: "Aylin Demir",
    role: "Community-Managerin",
    bio: "Aylin kennt fast alle Mitglieder beim Vornamen. Sie organisiert Treffen, bringt Lernpartnerschaften zusammen und hat immer ein offenes Ohr.",
    image: "/images/site/team-aylin-demir.svg",
    social: [email("Aylin Demir", "aylin")],
  },
  {
    name: "Jonas Becker",
    role: "Coach für Business-Aufbau",
    bio: "Jonas hat selbst zwei Unternehmen gegründet. Heute begleitet er Mitglieder dabei, aus ihrer Leidenschaft ein tragfähiges Angebot zu machen.",
    image: "/images/site/team-jonas-becker.svg",
    social: [email("Jonas Becker", "jonas")],
  },
  {
    name: "Lena Schuster",
    role: "Psychologin (M. Sc.), Inhalte und Qualität",
    bio: "Lena achtet darauf, dass unsere Inhalte fachlich fundiert sind. Sie übersetzt Erkenntnisse aus der Forschung in Übungen, die guttun.",
    image: "/images/site/team-lena-schuster.svg",
    social: [email("Lena Schuster", "lena")],
  },
  {
    name: "Tobias Klein",
    role: "Technik und Digitales",
    bio: "Tobias kümmert sich um unsere Website und den Mitgliederbereich – barrierearm, datensparsam und so einfach wie möglich.",
    image: "/images/site/team-tobias-klein.svg",
    social: [email("Tobias Klein", "tobias")],
  },
];

export const advisors: Person[] = [
  {
    name: "Prof. Dr. Claudia Brandt",
    role: "Beirat – Positive Psychologie",
    bio: "Claudia forscht und lehrt seit vielen Jahren zu Wohlbefinden und Resilienz. Sie berät uns bei der fachlichen Ausrichtung unserer Programme.",
    image: "/images/site/advisor-claudia-brandt.svg",
    social: [email("Claudia Brandt", "beirat.brandt")],
  },
  {
    name: "Dr. Michael Yilmaz",
    role: "Beirat – Organisationsentwicklung",
    bio: "Michael begleitet Unternehmen in Veränderungsprozessen. Bei BeHappy bringt er seine Erfahrung zu Teams, Führung und gesundem Wachstum ein.",
    image: "/images/site/advisor-michael-yilmaz.svg",
    social: [email("Michael Yilmaz", "beirat.yilmaz")],
  },
  {
    name: "Petra Lorenz",
    role: "Beirat – Unternehmertum",
    bio: "Petra hat ein mittelständisches Familienunternehmen aufgebaut und engagiert sich als Mentorin für Gründerinnen und Gründer.",
    image: "/images/site/advisor-petra-lorenz.svg",
    social: [email("Petra Lorenz", "beirat.lorenz")],
  },
];

export const careers = {
  title: "Arbeite mit uns",
  text: "Du möchtest Menschen dabei unterstützen, glücklicher und mutiger zu leben? Wir freuen uns über Menschen, die mit Herz und Können an unserer Mission mitwirken – ob in Kursleitung, Community oder Technik.",
  cta: { label: "Initiativbewerbung senden", href: "mailto:jobs@behappy.example" },
};
