import { createContext, useContext } from "react";

/**
 * This response's script nonce (the Worker's Content-Security-Policy allows only inline scripts
 * carrying it). Provided by entry.server; in the browser it is empty, and Remix's scripts do not
 * compare it when hydrating.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
