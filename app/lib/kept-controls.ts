import { useEffect, useLayoutEffect, type RefObject } from "react";

/**
 * What a person did to a form before the page's scripts started stays, and the page's state starts
 * from it (issue 51, decision 158). The browser keeps a control's value and checkedness through
 * hydration; React's state does not know them and, at its next render of a controlled control,
 * would put back what the server sent. So a form that keeps state of its controls hands the
 * controls the person changed to `adopt` once, when it first mounts in the browser: after
 * hydration's commit and before the browser paints it, as if each change had come after the
 * scripts. On a page React rendered itself (a client navigation) nothing was changed yet.
 */
export function useKeptControls(form: RefObject<HTMLElement>, adopt: (changed: FormControl[]) => void): void {
  useClientLayoutEffect(() => {
    const changed = form.current ? changedControls(form.current) : [];
    if (changed.length > 0) adopt(changed);
    // Once, at mount: later changes reach the form's own handlers.
  }, []);
}

export type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The controls under `root` whose value or checkedness is no longer what the HTML gave them. */
export function changedControls(root: HTMLElement): FormControl[] {
  const controls = [...root.querySelectorAll("input, select, textarea")] as FormControl[];
  return controls.filter((c) => {
    if (c instanceof HTMLSelectElement) return [...c.options].some((o) => o.selected !== o.defaultSelected);
    if (c instanceof HTMLInputElement && (c.type === "checkbox" || c.type === "radio"))
      return c.checked !== c.defaultChecked;
    return c.type !== "hidden" && c.value !== c.defaultValue;
  });
}

// A layout effect has nothing to do on the server, where React would warn of it.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
