/** Auth failures the UI shows; `message` is what the user reads (spec §8 Authentication). */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code:
      "invalid_credentials" | "user_exists" | "weak_password" | "missing_fields" | "invalid_token" | "unexpected",
  ) {
    super(message);
  }
}
