import { JoinCta } from "~/components/site/join-cta";
import { MissionBlock } from "~/components/site/mission-block";
import { Section } from "~/components/site/section";
import { mission } from "~/content/mission";

/** The body of /about: the mission, the values and the way to join. */
export function AboutPageBody() {
  return (
    <>
      <MissionBlock />

      <Section id="werte" title={mission.values.title} lead="Daran lassen wir uns messen – jeden Tag.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {mission.values.items.map((value) => (
            <li key={value.title} className="panel">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <JoinCta title={mission.join.title} text={mission.join.text} label={mission.join.label} />
    </>
  );
}
