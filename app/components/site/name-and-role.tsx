/** Who someone is, as a quote's or card's caption: the name in bold, the role below it. */
export function NameAndRole({ name, role }: { name: string; role: string }) {
  return (
    <>
      <span className="person-name">{name}</span>
      <span className="person-role">{role}</span>
    </>
  );
}
