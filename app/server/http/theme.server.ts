import { themeCookie } from "~/server/members/session.server";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export async function readTheme(request: Request): Promise<Theme> {
  const value = await themeCookie().parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "system";
}
