import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  fontFamily: vars.font.family,
  // The shop's base size (12px by default) drives rem-free component sizes via calc().
  fontSize: vars.font.size,
  color: vars.color.text,
  background: vars.color.sub2,
  WebkitTextSizeAdjust: "100%",
});

// Korean wraps between words, not inside them; a long address or URL may still break anywhere.
globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  lineHeight: 1.5,
  wordBreak: "keep-all",
  overflowWrap: "anywhere",
});
globalStyle("a", { color: "inherit" });
globalStyle("img", { maxWidth: "100%", display: "block" });
globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });
// Typing fields at 16 px at least: iPhones zoom into anything smaller (over any class's size).
globalStyle("input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea", {
  fontSize: "max(16px, 1em)",
});
globalStyle("h1, h2, h3", { lineHeight: 1.3 });
