/** Mission, vision, values, goal, story and quote: /about and the shared block on the legal pages. */

export type Value = { title: string; text: string };

export const mission = {
  mission: {
    title: "Unsere Mission",
    text: "Wir begleiten Menschen dabei, ein erfülltes, selbstbestimmtes Leben zu führen – mit Wissen, das wirkt, und einer Gemeinschaft, die trägt.",
  },
  vision: {
    title: "Unsere Vision",
    text: "Eine Welt, in der jeder Mensch seine Stärken kennt, sie mutig lebt und dabei von anderen getragen wird. Glück ist für uns kein Zufall, sondern etwas, das man lernen und teilen kann.",
  },
  values: {
    title: "Unsere Werte",
    items: [
      { title: "Herzlichkeit", text: "Wir begegnen allen Menschen offen, wertschätzend und auf Augenhöhe." },
      {
        title: "Echtheit",
        text: "Wir versprechen nichts, was wir nicht halten können, und sprechen ehrlich über Erfolge und Rückschläge.",
      },
      {
        title: "Wachstum",
        text: "Wir lernen jeden Tag dazu – von der Forschung, voneinander und von unseren Mitgliedern.",
      },
      {
        title: "Ver\u00ADbun\u00ADden\u00ADheit",
        text: "Niemand muss seinen Weg allein gehen. Gemeinsam sind wir mutiger.",
      },
    ] satisfies Value[],
  },
  goal: {
    title: "Unser Ziel",
    highlight: "Über 1 Million Menschen",
    text: "Bis 2030 wollen wir über 1 Million Menschen auf ihrem Weg zu mehr Glück, Sinn und Selbstverwirklichung begleitet haben.",
    year: 2030,
  },
  story: {
    title: "Unsere Geschichte",
    year: 2019,
    paragraphs: [
      "Die Idee zu BeHappy entstand 2019 an einem Küchentisch. Sabine Hoffmann hatte in vielen Jahren Personalentwicklung erlebt, wie sehr Menschen aufblühen, wenn sie ihre Stärken entdecken – und wie oft gute Vorsätze im Alltag versanden, weil niemand da ist, der mitgeht.",
      "Aus einem kleinen Gesprächskreis mit Freundinnen und Freunden wurden Workshops, aus den Workshops Kurse, und aus den Teilnehmenden eine lebendige Gemeinschaft. Heute gehören mehr als 2.500 Mitglieder zu BeHappy.",
      "Unser Anspruch ist derselbe geblieben: Wissen, das im echten Leben funktioniert, und Menschen, die einander ermutigen.",
    ],
  },
  quote: {
    text: "Glück ist das Einzige, das sich verdoppelt, wenn man es teilt.",
    author: "Albert Schweitzer",
  },
  join: {
    title: "Werde Teil von BeHappy",
    text: "Starte noch heute – kostenlos oder mit einer Mitgliedschaft, die zu dir passt.",
    label: "Jetzt Mitglied werden",
  },
} as const;
