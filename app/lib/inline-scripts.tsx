import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * Small scripts a page runs before its modules arrive (issue 51): their text is given by
 * entry.server only (inline-scripts.server.ts), so the browser's bundle carries none of it. In the
 * browser the tag renders empty: React does not compare a script's inner HTML when it hydrates,
 * and a script React inserts later (a client navigation) never runs.
 */
export type InlineScriptName = "quote";
export const InlineScripts = createContext<Partial<Record<InlineScriptName, string>>>({});

export function InlineScript({ name }: { name: InlineScriptName }) {
  const text = useContext(InlineScripts)[name] ?? "";
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
