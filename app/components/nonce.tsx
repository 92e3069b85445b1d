import { createContext, useContext } from "react";

/** The CSP nonce of this response; only the server render has one (scripts already ran on the client). */
export const NonceContext = createContext<string>("");
// Browsers hide nonce attributes after load; the client renders none rather than a different one.
export const useNonce = () => useContext(NonceContext) || undefined;
