import { createGlobalTheme, createThemeContract } from "@vanilla-extract/css";

/**
 * The theme contract. Each shop's values are plain data from its shop info, assigned inline on
 * <html> by the server-rendered root (app/lib/theme.ts), so the first paint is already themed.
 */
export const vars = createThemeContract({
  color: {
    main: null,
    main2: null,
    sub: null,
    sub2: null,
    btn: null,
    onMain: null,
    text: null,
    muted: null,
    line: null,
    surface: null,
    danger: null,
  },
  font: { family: null, size: null },
  header: { height: null, logoHeight: null },
  skin: {
    ratio: null,
    bg: null,
    color: null,
    price: null,
    bg1: null,
    prodSize: null,
    priceSize: null,
    hot: null,
    new: null,
    elevation: null,
  },
});

// The platform defaults (spec §3) for anything a shop does not set.
createGlobalTheme(":root", vars, {
  color: {
    main: "#3C91E6",
    main2: "#a9d0f5",
    sub: "#ffffff",
    sub2: "#f5f6f8",
    btn: "#3C91E6",
    onMain: "#ffffff",
    text: "#222222",
    muted: "#6b7280",
    line: "#e5e7eb",
    surface: "#ffffff",
    danger: "#d93025",
  },
  font: {
    family: '"NanumBarunGothic", "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", sans-serif',
    size: "12px",
  },
  header: { height: "56px", logoHeight: "32px" },
  skin: {
    ratio: "1",
    bg: "#ffffff",
    color: "#222222",
    price: "#111111",
    bg1: "#f5f6f8",
    prodSize: "1.15",
    priceSize: "1.05",
    hot: "#ff5a5a",
    new: "#3c91e6",
    elevation: "0.5",
  },
});
