// The `hyphen` package ships no types; this is the one function the shop uses (its README, v1.14).
declare module "hyphen/de" {
  const hyphen: {
    hyphenateSync(
      text: string,
      options?: { hyphenChar?: string; minWordLength?: number; html?: boolean; exceptions?: string[] },
    ): string;
  };
  export default hyphen;
}
