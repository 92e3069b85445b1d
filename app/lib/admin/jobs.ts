/**
 * What "Jetzt ausführen" does to a planned job, said before it happens: the work is done now, and a
 * one-time job (an event's reminder, a waitlist offer) is then done and does not run when planned.
 */
export function runNowConsequence(job: { label: string; plannedFor: string; repeats: boolean }): string {
  const now = `„${job.label}“ ist für ${job.plannedFor} geplant und läuft stattdessen sofort.`;
  return job.repeats
    ? `${now} Danach läuft sie wieder regelmäßig; der nächste Lauf zählt ab jetzt.`
    : `${now} Danach ist sie erledigt: Was sie verschickt, geht jetzt hinaus und nicht mehr zum geplanten Zeitpunkt.`;
}
