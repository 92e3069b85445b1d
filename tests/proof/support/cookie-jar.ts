/**
 * The cookies one simulated browser holds: Set-Cookie answers update it (a cookie set to expire
 * or with Max-Age=0 is dropped), and every request sends it back as one Cookie header.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes a "name=value; name2=value2" header (e.g. from signInViaHook). */
  setHeader(header: string) {
    for (const pair of header.split(";")) {
      const [name, ...rest] = pair.trim().split("=");
      if (name) this.cookies.set(name, rest.join("="));
    }
  }

  update(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...rest] = pair.trim().split("=");
      const value = rest.join("=");
      const removed = attributes.some((a) => {
        const [key, attr] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(attr) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(attr) <= Date.now();
        return false;
      });
      if (removed || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
