/**
 * A page split once where its visitors differ, then put together for each visitor by joining
 * strings (decision 134). HTMLRewriter parses the whole page on every pass; a kept page filled in
 * per visitor was a pass per request, the larger part of a returning visitor's cost. Now the pass
 * runs once per kept page and isolate, writing a token wherever a visitor's part goes.
 */

/** What goes where a token was, for the values `V` of one visitor. */
export type Part<V> =
  /** Opens a run kept only when `when` says so; an `end` closes it (runs nest). */
  | { when: (values: V) => boolean }
  | { end: true }
  /** HTML, written as it is: the caller escapes text (escapeText). */
  | { html: (values: V) => string }
  /** An attribute's value (its double quote escaped), or the attribute left out when null. */
  | { attribute: string; value: (values: V) => string | null };

export type Template<V> = { statics: string[]; parts: Part<V>[] };

/** Text as HTMLRewriter's setInnerContent writes it. */
export const escapeText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** An attribute's value as HTMLRewriter's setAttribute writes it (the value read is already HTML). */
const quoted = (value: string) => value.replaceAll('"', "&quot;");

/** Collects the parts of one page while a rewriter pass writes their tokens into it. */
export class TemplateMaker<V> {
  /** 32 hex characters from the isolate's random source: never in a page by chance. */
  private readonly mark = crypto.randomUUID().replaceAll("-", "");
  private readonly parts: Part<V>[] = [];

  /** The token for `part`, to write into the page (as HTML, an attribute's value or text: it needs no escaping). */
  token(part: Part<V>): string {
    this.parts.push(part);
    return `${this.mark}${this.parts.length - 1}${this.mark}`;
  }

  /** The page the pass wrote, split at its tokens. */
  make(html: string): Template<V> {
    const pieces = html.split(this.mark);
    const statics: string[] = [];
    const parts: Part<V>[] = [];
    for (let i = 0; i < pieces.length; i += 2) {
      statics.push(pieces[i]!);
      if (i + 1 < pieces.length) {
        const part = this.parts[Number(pieces[i + 1])];
        if (!part) throw new Error("html-template: a token the pass did not make");
        parts.push(part);
      }
    }
    // An attribute part writes its name, quotes and all: it may leave the attribute out.
    parts.forEach((part, i) => {
      if (!("attribute" in part)) return;
      const open = ` ${part.attribute}="`;
      if (!statics[i]!.endsWith(open) || !statics[i + 1]!.startsWith('"'))
        throw new Error(`html-template: the ${part.attribute} token is not an attribute's whole value`);
      statics[i] = statics[i]!.slice(0, -open.length);
      statics[i + 1] = statics[i + 1]!.slice(1);
    });
    return { statics, parts };
  }
}

/** The page for one visitor. */
export function render<V>({ statics, parts }: Template<V>, values: V): string {
  let out = statics[0]!;
  let depth = 0;
  // The depth of the run being left out; 0 while writing.
  let leftOutAt = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if ("when" in part) {
      depth++;
      if (!leftOutAt && !part.when(values)) leftOutAt = depth;
    } else if ("end" in part) {
      if (leftOutAt === depth) leftOutAt = 0;
      depth--;
    } else if (!leftOutAt) {
      if ("html" in part) out += part.html(values);
      else {
        const value = part.value(values);
        if (value !== null) out += ` ${part.attribute}="${quoted(value)}"`;
      }
    }
    if (!leftOutAt) out += statics[i + 1]!;
  }
  return out;
}
