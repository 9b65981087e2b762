import { MAX_LINE_QTY } from "~/shared/limits";
import type { InlineScriptName } from "./inline-scripts";

/**
 * The product page's quote before its scripts (issue 51, decision 159): a tap on an option or a
 * quantity typed shows that option's price, list price and 할인율, the line's total and the
 * option's stock note at once, on a slow phone whose 100 KB of scripts are still on their way.
 * Every figure but the total is the server's, written on the option (`data-price`, `data-list`,
 * `data-rate`, `data-note`): the script only multiplies the unit price by the quantity, read as
 * normaliseQty reads it, and prints it as formatKRW does. It stops when React has the form (the
 * form loses `data-quote`); the browser test holds its figures equal to the hydrated page's.
 * It also shows the quantity's − and + (hidden without scripts, where they could do nothing) and
 * steps the quantity as stepQty does until React has them: a tap on them counts, and once
 * (it stops there, before React's listener on the document).
 */
const QUOTE = `(function(){var f=document.querySelector("form[data-quote]");if(!f)return;
var q=f.elements.namedItem("qty"),M=${MAX_LINE_QTY};
function el(n){return document.querySelector('[data-quote="'+n+'"]')}
function put(e,t){if(e&&t)e.textContent=t}
function won(n){return String(n).replace(/\\B(?=(\\d{3})+$)/g,",")+"원"}
function qty(){var v=q?q.value.trim():"1";return /^\\d{1,15}$/.test(v)&&+v>=1&&+v<=M?+v:1}
function quote(){if(!f.hasAttribute("data-quote"))return;
var n=qty(),s=f.querySelector("[data-step=dec]");if(s)s.disabled=n<=1;
var o=f.querySelector("[data-note]:checked")||f.querySelector("input[type=hidden][data-note]");if(!o)return;
var d=o.dataset,t=el("total"),w=el("note");
if(d.price){put(el("price"),won(+d.price));put(el("list"),d.list&&won(+d.list));put(el("rate"),d.rate);
if(t){t.hidden=false;put(t.querySelector("strong"),won(d.price*n))}}
if(w){w.textContent=d.note;w.hidden=!d.note}}
[].forEach.call(f.querySelectorAll("[data-step]"),function(b){b.hidden=false;b.addEventListener("click",function(e){
if(!f.hasAttribute("data-quote"))return;e.stopPropagation();var n=qty();
q.value=b.dataset.step=="inc"?Math.min(n+1,M):Math.max(n-1,1);quote()})});
f.addEventListener("input",quote);quote()})()`;

export const INLINE_SCRIPTS: Record<InlineScriptName, string> = { quote: QUOTE };
