/** Who someone is, as a quote's or card's caption: the name in bold, the role below it. */
export function NameAndRole({ name, role }: { name: string; role: string }) {
  return (
    <>
      <span className="block font-semibold">{name}</span>
      <span className="block text-sm text-muted-foreground">{role}</span>
    </>
  );
}
