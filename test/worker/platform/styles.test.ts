import { describe, expect, it } from "vitest";
import { contrastRatio, onColour } from "~/shared/contrast";
import { PLATFORM_COLOURS, THEME_DEFAULTS } from "~/shared/theme-defaults";

/**
 * Issue 34, item 4 (decision 099): colours go through the theme, and an inline style only carries
 * what is computed when the page is drawn. The globs start at the project's root, so they keep
 * finding the sources wherever pages and components move.
 */
const sources: Record<string, string> = {
  ...import.meta.glob("/app/**/*.{ts,tsx}", { query: "?source", import: "default", eager: true }),
  ...import.meta.glob("/styles/**/*.ts", { query: "?source", import: "default", eager: true }),
};

/**
 * The homes of colour values: the theme's defaults and the platform's colours (one list each),
 * and the contrast rules' reference black and white. Everything else names a token.
 */
const COLOUR_HOMES = ["/app/shared/theme-defaults.ts", "/app/shared/contrast.ts"];

/** #rgb, #rgba, #rrggbb, #rrggbbaa; not an HTML entity (&#123;) or a fragment inside a word. */
const HEX = /(?<![&\w])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/gi;

function rawHexes(): string[] {
  return Object.entries(sources)
    .filter(([path]) => !COLOUR_HOMES.includes(path))
    .flatMap(([path, text]) => [...text.matchAll(HEX)].map((m) => `${path}: ${m[0]}`));
}

/**
 * The expression of every `style={…}` in a source, braces balanced (strings skipped, so a "}" in
 * a value does not end it).
 */
function styleProps(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bstyle=\{/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    while (i < text.length && depth > 0) {
      const c = text[i]!;
      if (c === '"' || c === "'" || c === "`") {
        const end = text.indexOf(c, i + 1);
        i = end < 0 ? text.length : end + 1;
        continue;
      }
      if (c === "{") depth += 1;
      if (c === "}") depth -= 1;
      i += 1;
    }
    found.push(text.slice(start, i - 1).trim());
  }
  return found;
}

/**
 * The heuristic for "static": an object literal whose keys and values are all literals (strings
 * without ${…}, numbers), as `{{ margin: 0, color: "#111" }}`. Anything else names something
 * computed when the page is drawn (a variable, a call, a template with ${…}, a spread) and may
 * stay inline: the theme on <html>, a width from data, a picture's aspect ratio.
 */
function isStaticStyle(expression: string): boolean {
  if (!expression.startsWith("{")) return false;
  const rest = expression
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "")
    .replace(/`[^`$]*`/g, "")
    .replace(/[A-Za-z_$][\w$]*\s*:/g, "")
    .replace(/-?\d*\.?\d+(?:e-?\d+)?/gi, "")
    .replace(/[{},:\s]/g, "");
  return rest === "";
}

function staticInlineStyles(): string[] {
  return Object.entries(sources)
    .filter(([path]) => path.endsWith(".tsx"))
    .flatMap(([path, text]) =>
      styleProps(text)
        .filter(isStaticStyle)
        .map((s) => `${path}: style={${s}}`),
    );
}

describe("styles through the theme", () => {
  it("reads the app's sources (the globs found them)", () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toContain("/app/shared/theme-defaults.ts");
    expect(paths).toContain("/styles/theme.css.ts");
    expect(paths.some((p) => p.startsWith("/app/routes/"))).toBe(true);
    expect(paths.some((p) => /^\/app\/components\/.+\.css\.ts$/.test(p))).toBe(true);
  });

  it("has no raw hex colour outside the theme's homes: components and pages name tokens", () => {
    expect(rawHexes()).toEqual([]);
  });

  it("finds a raw hex colour as it would appear in a stylesheet or a page", () => {
    const hexes = (text: string) => [...text.matchAll(HEX)].map((m) => m[0]);
    expect(hexes('background: "#fff", color: "#1b5e20", border: "1px solid #eceef1aa"')).toEqual([
      "#fff",
      "#1b5e20",
      "#eceef1aa",
    ]);
    // Not colours: an HTML entity, a link's fragment, an order number.
    expect(hexes('&#123; <a href="/user/info#addresses"> #1001 주문')).toEqual(["#1001"]);
  });

  it("keeps no inline style of literal values only: those are classes of a stylesheet", () => {
    expect(staticInlineStyles()).toEqual([]);
  });

  it("tells a static inline style from a computed one", () => {
    expect(styleProps('<p style={{ margin: "0 0 4px 28px" }}>x</p><html style={data?.theme}>')).toEqual([
      '{ margin: "0 0 4px 28px" }',
      "data?.theme",
    ]);
    for (const literal of [
      "{ margin: 0 }",
      '{ padding: 16, background: "#fff", minHeight: "100vh" }',
      '{ fontSize: "calc(1em + 2px)", opacity: 0.6, zIndex: -1 }',
      "{ flex: `1 1 auto` }",
      '{ "--gap": "8px" }',
    ])
      expect(isStaticStyle(literal), literal).toBe(true);
    for (const computed of [
      "data?.theme",
      "{ width: `${percent}%` }",
      "{ aspectRatio: `${image.width} / ${image.height}` }",
      "{ background: shop.mcolor }",
      "{ ...themeVars, margin: 0 }",
      "assignInlineVars({ [gap]: `${n}px` })",
      "{ opacity: busy ? 0.6 : 1 }",
    ])
      expect(isStaticStyle(computed), computed).toBe(false);
  });
});

describe("the platform's colours", () => {
  // Each pair as it is used: text (or a badge's letters) and what it sits on. WCAG AA: 4.5:1.
  const c = PLATFORM_COLOURS;
  const pairs: [string, string, string][] = [
    ["text on surface", c.text, c.surface],
    ["text on canvas", c.text, c.canvas],
    ["text on neutral", c.text, c.neutral],
    ["muted on surface", c.muted, c.surface],
    ["muted on canvas", c.muted, c.canvas],
    ["muted on neutral", c.muted, c.neutral],
    ["muted on the default page (sub2)", c.muted, THEME_DEFAULTS.color.sub2],
    ["danger on surface", c.danger, c.surface],
    ["onDanger on danger", c.onDanger, c.danger],
    ["onError on error", c.onError, c.error],
    ["onSuccess on success", c.onSuccess, c.success],
    ["onWarning on warning", c.onWarning, c.warning],
    ["onInfo on info", c.onInfo, c.info],
    ["onInverse on inverse", c.onInverse, c.inverse],
    ["onChrome on chrome", c.onChrome, c.chrome],
    ["onWallet on wallet", c.onWallet, c.wallet],
    ["onKakao on kakao", c.onKakao, c.kakao],
  ];

  it("read at WCAG AA, each text on what it sits on", () => {
    const failing = pairs
      .map(([name, fg, bg]) => [name, Math.round(contrastRatio(fg, bg) * 100) / 100] as const)
      .filter(([, ratio]) => ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it("give every surface a text colour of its own", () => {
    const names = Object.keys(c);
    for (const surface of ["success", "warning", "error", "info", "inverse", "chrome", "wallet", "kakao", "danger"])
      expect(names, surface).toContain(`on${surface[0]!.toUpperCase()}${surface.slice(1)}`);
  });

  it("puts the default skin's pick tag in the colour that reads on it", () => {
    // White on the default blue is 3.3:1; the theme's onNew is whichever reads better.
    expect(onColour(THEME_DEFAULTS.skin.new)).toBe("#222222");
    expect(contrastRatio(onColour(THEME_DEFAULTS.skin.new), THEME_DEFAULTS.skin.new)).toBeGreaterThanOrEqual(4.5);
  });
});
