import type { IconName } from "~/content/types";

export type Pillar = {
  id: string;
  title: string;
  text: string;
  icon: IconName;
};

/** The four pillars on the start page (spec §2: self-realisation, personal growth, community, business building). */
export const homePillars: Pillar[] = [
  {
    id: "selbstverwirklichung",
    title: "Selbst\u00ADver\u00ADwirk\u00ADli\u00ADchung",
    text: "Finde heraus, was dich wirklich erfüllt, und gib deinen Talenten den Raum, den sie verdienen – in deinem Tempo und auf deine Weise.",
    icon: "sparkles",
  },
  {
    id: "persoenliches-wachstum",
    title: "Persönliches Wachstum",
    text: "Kurse, Übungen und Impulse, die dich Schritt für Schritt weiterbringen: mehr Klarheit, mehr Gelassenheit, mehr Mut zu neuen Wegen.",
    icon: "sprout",
  },
  {
    id: "gemeinschaft",
    title: "Gemeinschaft",
    text: "Menschen, die dich verstehen, ermutigen und mitfeiern. In unserer Community wächst niemand allein.",
    icon: "users",
  },
  {
    id: "business-aufbau",
    title: "Business-Aufbau",
    text: "Mach aus deiner Leidenschaft ein Angebot, das trägt – mit praxisnahem Wissen, ehrlichem Feedback und Menschen, die den Weg schon gegangen sind.",
    icon: "briefcase",
  },
];
