import { HONEYPOT_FIELD } from "~/lib/honeypot";

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="honeypot">
      <label>
        Bitte leer lassen
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
