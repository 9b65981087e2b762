import { describe, expect, it } from "vitest";

/**
 * Every Korean text a page shows comes from the message catalogue (app/shared/messages), so one
 * wording lives in one place and tests can name it (decision 100). Comments may speak Korean.
 */
const sources: Record<string, string> = import.meta.glob(
  ["/app/components/**/*.{ts,tsx}", "/app/routes/**/*.{ts,tsx}", "/app/pages/**/*.{ts,tsx}", "!**/*.css.ts"],
  { query: "?raw", import: "default", eager: true },
);

const HANGUL = /[\uAC00-\uD7A3]/;
/** Block comments, JSX comments and line comments (not `://` in a URL). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

describe("copy lives in the catalogue", () => {
  it("finds the sources it reads", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("has no Korean text in components, pages or their server halves", () => {
    const found = Object.entries(sources).flatMap(([file, text]) =>
      withoutComments(text)
        .split("\n")
        .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
        .filter((l) => HANGUL.test(l.text)),
    );
    expect(found).toEqual([]);
  });

  it("would notice a Korean text outside a comment", () => {
    expect(HANGUL.test(withoutComments('const a = "주문"; // 주문'))).toBe(true);
    expect(HANGUL.test(withoutComments("/* 주문 */ const a = 1; // 주문"))).toBe(false);
  });
});
