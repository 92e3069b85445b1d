/** Meta tag of pages opened from a mailed link (see app/server/http/token-page.server.ts for the headers). */
export const TOKEN_PAGE_META = { name: "referrer", content: "same-origin" } as const;
