import { renderSVG } from "uqr";

/**
 * A QR code as SVG markup, made on the server (uqr: no canvas, no scripts in the page). The text
 * is always an address of the shop's own host, so the markup is ours, never a visitor's.
 */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: 2 });
}
