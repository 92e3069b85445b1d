/**
 * Fixed sample testimonials (spec §1, §3). Portraits are simple initials avatars from
 * public/images/site/; the people are examples, not real customers.
 */

export type HomeTestimonial = {
  id: number;
  name: string;
  role: string;
  image: string;
  /** Show the portrait to the right of the text (alternating layout in the carousel). */
  image_right: boolean;
  text: string;
};

export type CommunityTestimonial = {
  quote: string;
  name: string;
  role: string;
  avatar: string;
};

/** The four testimonials of the start page carousel. */
export const homeTestimonials: HomeTestimonial[] = [
  {
    id: 1,
    name: "Julia Neumann",
    role: "Mitglied seit 2021",
    image: "/images/site/testimonial-julia-neumann.svg",
    image_right: false,
    text: "Bei BeHappy habe ich gelernt, wieder auf mich selbst zu hören. Die Kurse sind warmherzig und gleichzeitig so praktisch, dass ich jede Woche etwas in meinen Alltag mitnehme.",
  },
  {
    id: 2,
    name: "Thomas Richter",
    role: "Selbstständiger Coach",
    image: "/images/site/testimonial-thomas-richter.svg",
    image_right: true,
    text: "Ich wollte mein eigenes Coaching-Angebot aufbauen und wusste nicht, wo ich anfangen soll. Die Business-Module und der ehrliche Austausch in der Community haben mir den Mut gegeben, es einfach zu tun.",
  },
  {
    id: 3,
    name: "Miriam Krüger",
    role: "Lehrerin und Mutter von zwei Kindern",
    image: "/images/site/testimonial-miriam-krueger.svg",
    image_right: false,
    text: "Zwischen Schule und Familie kam ich selbst immer zu kurz. Heute nehme ich mir bewusst Zeit für mich – und merke, wie viel gelassener ich geworden bin.",
  },
  {
    id: 4,
    name: "Daniel Schäfer",
    role: "Teilnehmer der Jahresmitgliedschaft",
    image: "/images/site/testimonial-daniel-schaefer.svg",
    image_right: true,
    text: "Die Veranstaltungen sind für mich jedes Mal ein Energieschub. Ich habe dort Menschen kennengelernt, die heute zu meinen engsten Freunden gehören.",
  },
];

/** The three member voices on the community page. */
export const communityTestimonials: CommunityTestimonial[] = [
  {
    quote:
      "Hier darf ich so sein, wie ich bin. Niemand urteilt, alle ermutigen – das habe ich so noch nirgends erlebt.",
    name: "Sandra Wolf",
    role: "Mitglied seit 2022",
    avatar: "/images/site/community-sandra-wolf.svg",
  },
  {
    quote:
      "Durch meine Lernpartnerin bleibe ich endlich dran. Wir telefonieren jede Woche und feiern auch die kleinen Erfolge.",
    name: "Kerstin Brandl",
    role: "Lifetime-Mitglied",
    avatar: "/images/site/community-kerstin-brandl.svg",
  },
  {
    quote:
      "Aus einer Idee beim Community-Treffen ist mein kleines Unternehmen entstanden. Ohne die Unterstützung hier hätte ich mich das nie getraut.",
    name: "Felix Hartmann",
    role: "Gründer und Mitglied seit 2020",
    avatar: "/images/site/community-felix-hartmann.svg",
  },
];
