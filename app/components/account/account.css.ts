import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const brand = style({
  display: "block",
  margin: "0 0 16px",
  textAlign: "center",
  color: vars.color.mainText,
  fontWeight: 700,
  fontSize: "calc(1em + 6px)",
  textDecoration: "none",
});
// Logos are drawn for the header (often white on the main colour): shown on that colour here too.
export const brandLogoBox = style({
  display: "block",
  width: "fit-content",
  margin: "0 auto 16px",
  padding: "8px 16px",
  borderRadius: 8,
  background: vars.color.main,
});
export const brandLogo = style({ height: vars.header.logoHeight, width: "auto" });

export const title = style({ margin: "0 0 8px", fontSize: "calc(1em + 8px)", textAlign: "center" });
// Korean wraps between words (keep-all), not inside them.
export const intro = style({ margin: "0 0 16px", color: vars.color.muted, textAlign: "center", wordBreak: "keep-all" });

export const form = style({ display: "grid", gap: 14 });
export const field = style({ display: "grid", gap: 4 });
export const label = style({ fontWeight: 700 });
export const input = style({
  width: "100%",
  minHeight: 44,
  padding: "8px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  fontSize: 16, // keeps mobile browsers from zooming in on focus
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    "&:focus": { outline: `2px solid ${vars.color.main}`, outlineOffset: 1 },
  },
});
export const hint = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)" });
export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: "calc(1em - 1px)" });
export const check = style({ display: "flex", alignItems: "center", gap: 8, minHeight: 32 });
export const formError = style({
  margin: 0,
  wordBreak: "keep-all",
  padding: "10px 12px",
  borderRadius: 8,
  background: vars.color.error,
  color: vars.color.onError,
});
export const notice = style({
  margin: 0,
  wordBreak: "keep-all",
  padding: "10px 12px",
  borderRadius: 8,
  background: vars.color.info,
  color: vars.color.onInfo,
});
export const button = style({
  minHeight: 48,
  border: 0,
  borderRadius: 8,
  background: vars.color.btn,
  color: vars.color.onBtn,
  fontWeight: 700,
  fontSize: "calc(1em + 3px)",
  cursor: "pointer",
  textAlign: "center",
  textDecoration: "none",
  display: "grid",
  placeItems: "center",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "progress" } },
});
export const secondaryButton = style([
  button,
  { background: vars.color.surface, color: vars.color.text, border: `1px solid ${vars.color.line}` },
]);
export const links = style({
  wordBreak: "keep-all",
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "4px 16px",
  margin: "16px 0 0",
  color: vars.color.muted,
});

export const avatar = style({
  flex: "none",
  display: "grid",
  placeItems: "center",
  width: 44,
  height: 44,
  borderRadius: "50%",
  overflow: "hidden",
  background: vars.color.main2,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: "calc(1em + 6px)",
  objectFit: "cover",
});
export const avatarLarge = style([avatar, { width: 72, height: 72, fontSize: 28 }]);

export const account = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "14px 16px",
  borderBottom: `1px solid ${vars.color.line}`,
});
export const accountText = style({ flex: 1, minWidth: 0, display: "grid", gap: 2 });
export const accountName = style({ margin: 0, fontWeight: 700, overflow: "hidden", textOverflow: "ellipsis" });
export const accountLinks = style({ display: "flex", flexWrap: "wrap", gap: 12, color: vars.color.muted });
export const prompt = style({
  padding: "14px 16px",
  borderBottom: `1px solid ${vars.color.line}`,
  display: "grid",
  gap: 8,
});
export const promptButtons = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8 });
export const smallButton = style([button, { minHeight: 36, fontSize: "calc(1em + 1px)" }]);
export const smallSecondary = style([secondaryButton, { minHeight: 36, fontSize: "calc(1em + 1px)" }]);

export const page = style({ display: "grid", gap: 16, padding: "8px 4px 24px" });
export const section = style({
  display: "grid",
  gap: 12,
  padding: 16,
  borderRadius: 12,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
});
export const sectionTitle = style({ margin: 0, fontSize: "calc(1em + 4px)" });
export const row = style({ display: "flex", alignItems: "center", gap: 12 });

// The account area: one column on a phone; the my menu beside the page from 900 px on.
export const myshopGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "(min-width: 900px)": { gridTemplateColumns: "200px minmax(0, 1fr)", gap: 12 } },
});
export const myshopSide = style({
  display: "none",
  "@media": {
    "(min-width: 900px)": { display: "block", alignSelf: "start", background: vars.color.surface, borderRadius: 8 },
  },
});
export const myshopMain = style({ minWidth: 0 });

// The /myshop summary.
export const summaryCard = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  textDecoration: "none",
});
export const summaryHead = style({ display: "flex", justifyContent: "space-between", alignItems: "baseline" });
export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(5, minmax(0, 1fr))",
  gap: 4,
  listStyle: "none",
  margin: 0,
  padding: 0,
  textAlign: "center",
});
export const tile = style({
  display: "grid",
  gap: 4,
  padding: "8px 0",
  textDecoration: "none",
  fontSize: "calc(1em - 1px)",
  wordBreak: "keep-all",
});
export const tileCount = style({ fontSize: "calc(1em + 8px)", color: vars.color.mainText });
export const summaryRow = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  minHeight: 44,
  textDecoration: "none",
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});

// /user/info's address book.
export const addressList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 });
export const addressItem = style({
  padding: 12,
  borderRadius: 8,
  border: `1px solid ${vars.color.line}`,
  display: "grid",
  gap: 2,
});
export const tag = style({
  display: "inline-block",
  padding: "0 6px",
  borderRadius: 4,
  background: vars.color.main,
  color: vars.color.onMain,
  fontSize: "calc(1em - 1px)",
});
export const inlineButtons = style({ display: "flex", gap: 8, marginTop: 6 });

// Sign-up consents: 전체 동의 on top, each item below with its 보기 link outside the label.
export const consents = style({
  margin: 0,
  display: "grid",
  gap: 2,
  padding: "8px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
});
export const consentAll = style({
  fontWeight: 700,
  paddingBottom: 6,
  marginBottom: 4,
  borderBottom: `1px solid ${vars.color.line}`,
});
export const consentRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 });
export const consentView = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)", whiteSpace: "nowrap" });

// The account pages' own pieces (were inline styles on the routes).
export const flush = style({ margin: 0 });
export const welcomeOffer = style({ margin: 0, wordBreak: "keep-all" });
export const perks = style([section, { margin: 0, paddingLeft: 28 }]);
export const secondaryButtonWide = style([secondaryButton, { width: "100%" }]);
/** A consent's hint, under its label and in line with its text (past the checkbox). */
export const consentHint = style([hint, { margin: "0 0 4px 28px" }]);

/**
 * 카카오로 시작하기 / 네이버로 시작하기: full-width buttons in the providers' own colours, which
 * Korean shoppers look for (Kakao's guide asks for its yellow; Naver's green takes dark text here,
 * as 네이버페이 does, since white on it reads under 4.5:1).
 */
export const socialButtons = style({ display: "grid", gap: 8, margin: "16px 0 0" });
export const kakaoButton = style([
  button,
  { width: "100%", background: vars.color.kakao, color: vars.color.onKakao, border: "none" },
]);
export const naverButton = style([
  button,
  { width: "100%", background: vars.color.wallet, color: vars.color.onWallet, border: "none" },
]);

// The one-tap join's list of what a shop receives (decision 177): label beside value.
export const shareList = style({ display: "grid", gap: 6, margin: 0 });
export const shareRow = style({ display: "grid", gridTemplateColumns: "5em 1fr", gap: 8 });
