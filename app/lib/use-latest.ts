import { useRef } from "react";

/**
 * A ref that always holds the latest value, for an effect that must run on some changes only but
 * call code that sees the current render (instead of leaving the rest out of its dependencies).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
