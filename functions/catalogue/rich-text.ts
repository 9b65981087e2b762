/**
 * An owner's product description (issue 36, decision 106): the HTML they typed or pasted, kept
 * only as far as a small allowed set. It is shown as HTML on the product page, to every shopper,
 * so nothing that runs, loads from elsewhere or restyles the page may pass: no script, style,
 * event handler, class or style attribute, frame or form; links only to http(s) addresses;
 * pictures only from the shop's own storage. Everything else is dropped (its text kept) or
 * escaped, and every tag opened is closed, so the result cannot break out of its box.
 */

const BLOCKS = new Set(["p", "ul", "ol", "li", "h3"]);
const INLINE = new Set(["strong", "em", "a"]);
const VOID = new Set(["br", "img"]);
/** Elements whose content is not text a shopper should see: dropped whole. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "textarea",
  "title",
  "svg",
  "math",
  "select",
]);
/** Aliases browsers and editors produce for the same meaning. */
const ALIAS: Record<string, string> = { b: "strong", i: "em" };

export type RichTextRules = {
  /** Whether a picture's address is one of the shop's own stored files. */
  imageAllowed: (src: string) => boolean;
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Entities decoded, so that what is checked (an address) is what a browser would read. */
function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(re)) {
    const name = m[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, decode(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return found;
}

/** An http(s) address with no control characters or spaces (which browsers strip before reading the scheme). */
function safeHref(value: string): string | null {
  const v = value.trim();
  if (/[\u0000-\u0020\u007f]/.test(v)) return null;
  if (!/^https?:\/\//i.test(v)) return null;
  try {
    const url = new URL(v);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function safeSrc(value: string, rules: RichTextRules): string | null {
  const v = value.trim();
  if (/[\u0000-\u0020\u007f\\]/.test(v) || v.includes("..")) return null;
  return rules.imageAllowed(v) ? v : null;
}

/** Text between tags: decoded, then escaped, so a stray `<` or `&` shows as typed and never opens a tag. */
const text = (s: string) => escape(decode(s));

/** The allowed-set HTML of `html`; plain text (no tags) comes back escaped, its lines kept as <br>. */
export function sanitizeRichText(html: string, rules: RichTextRules): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  const token =
    /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
  const plain = !/<[a-zA-Z/!?]/.test(html);
  for (const m of html.matchAll(token)) {
    const whole = m[0];
    const rawName = m[1]?.toLowerCase();
    if (dropping) {
      if (rawName === dropping && whole.startsWith("</")) dropping = null;
      continue;
    }
    if (rawName === undefined) {
      // Comments, doctypes and processing instructions go; text and a lone "<" are escaped.
      if (whole.startsWith("<!") || whole.startsWith("<?")) continue;
      out.push(plain ? text(whole).replace(/\r?\n/g, "<br>") : text(whole));
      continue;
    }
    const closing = whole.startsWith("</");
    if (DROP_WITH_CONTENT.has(rawName)) {
      if (!closing && !/\/\s*$/.test(m[2] ?? "")) dropping = rawName;
      continue;
    }
    const name = ALIAS[rawName] ?? rawName;
    if (VOID.has(name)) {
      if (closing) continue;
      if (name === "br") out.push("<br>");
      else {
        const attrs = attributes(m[2] ?? "");
        const src = safeSrc(attrs.get("src") ?? "", rules);
        if (src) out.push(`<img src="${escape(src)}" alt="${escape(attrs.get("alt") ?? "")}" loading="lazy">`);
      }
      continue;
    }
    if (!BLOCKS.has(name) && !INLINE.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (name === "a") {
      const href = safeHref(attributes(m[2] ?? "").get("href") ?? "");
      // A link to nowhere allowed keeps its words, not its tag.
      if (!href) continue;
      out.push(`<a href="${escape(href)}" rel="nofollow noopener noreferrer" target="_blank">`);
    } else {
      // What a browser would do with an unclosed <li> or <p> before the next block: close it.
      const top = open.at(-1);
      if ((name === "li" && top === "li") || (BLOCKS.has(name) && (top === "p" || top === "h3"))) {
        out.push(`</${open.pop()}>`);
      }
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join("");
}
