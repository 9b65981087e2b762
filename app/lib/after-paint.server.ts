import type { EntryContext } from "@remix-run/cloudflare";
import { tagsMayRun } from "~/shared/tracking";
import type { rootData } from "./root.server";
import { FIRST_PICTURE, HELD_MODULE, HELD_PRELOADS, START_ON_USE, STARTED_MODULE_ID } from "./after-paint";

/**
 * Holds Remix's module preloads and module script in the HTML on its way out (streaming, nothing
 * buffered: handlers on `rewriter`), for the starter below to release after the first paint. Remix
 * renders these tags itself and takes no attribute for them. In valid HTML (decision 160): the
 * preload elements are left out, their addresses kept on the module script, which is sent as a
 * data block (its type one the browser does not run, without `async`, which only a script may
 * have). React does not compare attribute values when it hydrates a production build, and Remix's
 * scripts suppress the comparison anyway; the starter puts the preloads back where Remix drew them
 * before it hydrates, so React finds every element it drew.
 */
export function holdScriptsUntilPaint(rewriter: HTMLRewriter, onUse: boolean): HTMLRewriter {
  let preloads: string[] = [];
  return rewriter
    .on("html", {
      element(html) {
        if (onUse) html.setAttribute(START_ON_USE, "");
      },
    })
    .on('link[rel="modulepreload"]', {
      element(link) {
        const href = link.getAttribute("href");
        if (href) preloads.push(href);
        link.remove();
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_MODULE);
        script.removeAttribute("async");
        script.setAttribute(HELD_PRELOADS, preloads.join(" "));
        preloads = [];
      },
    });
}

/**
 * The pages that start on use (decision 135): browsing (home, lists, search, a product, notices,
 * the shop's texts), whose HTML is all a visitor needs until they reach for it. Not while the shop's
 * ad tags are to run (consent given): they are scripts that load after hydration (decision 070).
 * Decided here rather than in the root so that the browser's scripts carry none of it.
 */
const BROWSING = /^\/(?:|shop\/view\/[^/]+|shop\/list|shop\/search|shop\/notice-list|link)\/?$/;

export function startsOnUse(request: Request, context: EntryContext): boolean {
  // None when the root's loader did not run or failed (an action's error page): no tags then.
  const root = context.staticHandlerContext.loaderData.root as Awaited<ReturnType<typeof rootData>> | null | undefined;
  const tagsRun = root != null && root.tracking !== null && tagsMayRun(root.consent, root.saveData);
  return !tagsRun && BROWSING.test(new URL(request.url).pathname);
}

/**
 * Each step in a task of its own, so that no step blocks the main thread for long on a slow phone
 * (a tap waits for the task in progress): the preloads one at a time (each starts a request);
 * once all have arrived (so that evaluating does not compete with downloading), each preloaded
 * module evaluated by its own import() (evaluation is once per module, so the held script that
 * runs last finds them ready); the entry last of all, by the held script itself, which sets Remix's
 * route modules before it imports the entry.
 *
 * Before all that, after the first paint, the page's first picture (FIRST_PICTURE, its likely
 * largest paint) is shown: on a weak network it should not share the link with 100 KB
 * of scripts, and Lighthouse counts every request made before the largest paint as one the paint
 * waited for (a home run's LCP went from about 1 s to 2 s so). Shown is when its
 * largest-contentful-paint entry comes, or one for an element at least as large as the picture's
 * part of the screen (the picture can no longer be the largest paint); should it fail or neither
 * come, at most 3 s. Not "decoded and drawn": a busy phone presents a frame later than it draws it,
 * and the paint's time is when it is presented. "As large" allows a pixel's row and column: an entry's
 * size is the element's box in whole pixels, so a card of the same size as the first one, painted
 * in the same frame and reported instead of it, measured 35299 against the picture's 35344 and held
 * the home page's scripts for the 3 s (issue 39: no Lighthouse run of home or list hydrated).
 *
 * The preloads are made from the held script's HELD_PRELOADS and put back where Remix drew them,
 * just before its context script (the held script's previous element), so that hydration finds
 * every element it drew (decision 160). Should a preload never report (it always does), the page
 * still hydrates after 8 s. Chromium reports no first paint for some loads (the page a form posted
 * before the scripts came back to): the starter goes on 3 s after it began, painted or not. The
 * starter carries no comments: its text is in every page.
 *
 * A page that starts on use (START_ON_USE, decision 135) hydrates at the shopper's first reach for
 * it (a touch, a key, a focus, a scroll, the pointer moving): all of the above waits for both the
 * paint and that use. Its scripts are not even fetched before: a visitor who only reads downloads
 * none, and fetching them cost the main thread 10–20 ms of a phone's load for the responses alone.
 * A page already scrolled when the starter runs (at the end of a document still streaming, or
 * brought back to where it was) was used before it could listen.
 */
const FIRST_PICTURE_SELECTOR = Object.entries(FIRST_PICTURE)
  .map(([name, value]) => `img[${name}="${value}"]`)
  .join("");

export const AFTER_PAINT_STARTER = `(function(){
var held=document.querySelector('script[type="${HELD_MODULE}"]');
if(!held)return;
var at=held.previousElementSibling,started=false,used=!document.documentElement.hasAttribute("${START_ON_USE}")||scrollY>0,onUsed=null;
var uses=["pointerdown","keydown","focusin","scroll","wheel","pointermove"];
function use(){used=true;uses.forEach(function(u){removeEventListener(u,use,true)});if(onUsed){var f=onUsed;onUsed=null;later(f)}}
if(!used)uses.forEach(function(u){addEventListener(u,use,{capture:true,passive:true})});
function later(f){setTimeout(f,0)}
function start(){
if(started)return;started=true;
if(used)return load();
onUsed=load;
}
function load(){
var links=held.getAttribute("${HELD_PRELOADS}").split(" ").map(function(h){var l=document.createElement("link");l.href=h;return l});
var modules=links.map(function(l){return l.href}).filter(function(h){return !/\\/entry\\.client-/.test(h)});
var pending=links.length,evaluating=false;
function evaluateOnce(){if(!evaluating){evaluating=true;evaluate()}}
function fetched(){if(--pending===0)later(evaluateOnce)}
links.forEach(function(l){l.onload=l.onerror=fetched});
setTimeout(evaluateOnce,8000);
(function preload(){
links.splice(0,1).forEach(function(l){l.rel="modulepreload";at.before(l)});
if(links.length)later(preload);
})();
if(!pending)later(evaluateOnce);
function evaluate(){
var next=modules.shift();
if(next===undefined)return later(run);
import(next).then(function(){later(evaluate)},run);
}
}
function afterFirstPicture(f){
var img=document.querySelector('${FIRST_PICTURE_SELECTOR}'),done=false,seen;
function go(){if(!done){done=true;if(seen)seen.disconnect();f()}}
if(!img||PerformanceObserver.supportedEntryTypes.indexOf("largest-contentful-paint")<0)return go();
var r=img.getBoundingClientRect();
var w=Math.max(0,Math.min(r.right,innerWidth)-Math.max(r.left,0)),h=Math.max(0,Math.min(r.bottom,innerHeight)-Math.max(r.top,0));
var slack=w*h-w-h;
img.addEventListener("error",go);setTimeout(go,3000);
seen=new PerformanceObserver(function(list){
if(list.getEntries().some(function(e){return e.element===img||e.size>=slack}))go()
});
seen.observe({type:"largest-contentful-paint",buffered:true});
}
function run(){
if(document.getElementById("${STARTED_MODULE_ID}"))return;
var s=document.createElement("script");
s.type="module";s.nonce=held.nonce;s.id="${STARTED_MODULE_ID}";s.textContent=held.textContent;
document.head.appendChild(s);
}
try{
if(document.visibilityState==="visible"&&PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){
var painted=false;
function onPaint(){if(!painted){painted=true;afterFirstPicture(start)}}
new PerformanceObserver(function(list,observer){
if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();onPaint()}
}).observe({type:"paint",buffered:true});
setTimeout(onPaint,3000);
return;
}
}catch(e){}
start();
})();`;
