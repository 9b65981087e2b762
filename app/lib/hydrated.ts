import { useEffect, useState } from "react";

/**
 * False in the server render and until scripts have run, then true. Forms use it to tell their
 * action that JavaScript handles the answer (a hidden `js` field), and to hide buttons that only
 * a page without scripts needs.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
