import type { EntryContext } from "@remix-run/cloudflare";
import { MAX_LINE_QTY } from "~/shared/limits";
import { optionQuote } from "~/shared/product-quote";

type QuotedProduct = Parameters<typeof optionQuote>[0] & {
  options: (Parameters<typeof optionQuote>[1] & { id: number })[];
};

/**
 * The product page's quote before its scripts (issue 51, decision 159): a tap on an option or a
 * quantity typed shows that option's price, list price and 할인율 and the line's total at once
 * (each option's row shows its own stock note), on a slow phone whose 100 KB of scripts are still on their way. The
 * figures are this product's, by option id, from `optionQuote` (the page's own); the script only
 * multiplies the unit price by the quantity, read as normaliseQty reads it, and prints it as
 * formatKRW does. It also shows the quantity's − and + beside it (hidden without scripts, where they could do
 * nothing) and steps the quantity as stepQty does; a click it takes stops there, before React's
 * listener on the document. It stops when React has the form (the form loses `data-q`).
 * Given by entry.server after the starter, at the end of the body (the form is parsed by then):
 * the browser's bundle carries none of it. Empty on any other page.
 */
export function productQuote(context: EntryContext): string {
  const data = context.staticHandlerContext.loaderData["shop-view-id"] as { product?: QuotedProduct } | undefined;
  const product = data?.product;
  if (!product?.options?.length) return "";
  const figures: Record<number, [number, number, string]> = {};
  for (const o of product.options) {
    const q = optionQuote(product, o);
    figures[o.id] = [q.price, q.list ?? 0, q.rate];
  }
  return QUOTE.replace("FIGURES", JSON.stringify(figures).replace(/</g, "\\u003c"));
}

const QUOTE = `(function(){var f=document.querySelector("form[data-q]");if(!f)return;
var F=FIGURES,q=f.elements.namedItem("qty"),M=${MAX_LINE_QTY};
function el(n){return document.querySelector("[data-"+n+"]")}
function put(e,t){if(e&&t)e.textContent=t}
function won(n){return String(n).replace(/\\B(?=(\\d{3})+$)/g,",")+"원"}
function qty(){var v=q?q.value.trim():"1";return /^\\d{1,15}$/.test(v)&&+v>=1&&+v<=M?+v:1}
function quote(){if(!f.hasAttribute("data-q"))return;
var n=qty(),s=q&&q.previousElementSibling;if(s)s.disabled=n<=1;
var o=f.querySelector("input[name=option]:checked")||f.querySelector("input[type=hidden][name=option]"),d=o&&F[o.value];if(!d)return;
var t=el('testid="total"'),p=el('testid="price"');
if(p){put(p,won(d[0]));if(d[1]){put(p.nextSibling,won(d[1]));put(p.previousSibling,d[2])}}
if(t){t.hidden=false;put(t.querySelector("strong"),won(d[0]*n))}
}
if(q)[q.previousElementSibling,q.nextElementSibling].forEach(function(b,up){if(!b)return;b.hidden=false;b.addEventListener("click",function(e){
if(!f.hasAttribute("data-q"))return;e.stopPropagation();var n=qty();
q.value=up?Math.min(n+1,M):Math.max(n-1,1);quote()})});
f.addEventListener("input",quote);quote()})();`;
