import { FIRST_PICTURE, HELD_MODULE, HELD_PRELOAD, STARTED_MODULE_ID } from "./after-paint";

/**
 * Holds Remix's module preloads and module script in the HTML on its way out (streaming, nothing
 * buffered), for the starter below to release after the first paint. Remix renders
 * these tags itself and takes no attribute for them; React does not compare attribute values when
 * it hydrates a production build, and Remix's scripts suppress the comparison anyway.
 */
export function holdScriptsUntilPaint(response: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", HELD_PRELOAD);
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_MODULE);
      },
    })
    .transform(response);
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
 */
const FIRST_PICTURE_SELECTOR = Object.entries(FIRST_PICTURE)
  .map(([name, value]) => `img[${name}="${value}"]`)
  .join("");

export const AFTER_PAINT_STARTER = `(function(){
var started=false;
function later(f){setTimeout(f,0)}
function start(){
if(started)return;started=true;
var links=[].slice.call(document.querySelectorAll('link[rel="${HELD_PRELOAD}"]'));
var modules=links.map(function(l){return l.href}).filter(function(h){return !/\\/entry\\.client-/.test(h)});
var pending=links.length,evaluating=false;
function evaluateOnce(){if(!evaluating){evaluating=true;evaluate()}}
function fetched(){if(--pending===0)later(evaluateOnce)}
links.forEach(function(l){l.onload=l.onerror=fetched});
// Should a preload never report (it always does), the page still hydrates.
setTimeout(evaluateOnce,8000);
(function preload(){
links.splice(0,1).forEach(function(l){l.rel="modulepreload"});
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
var held=document.querySelector('script[type="${HELD_MODULE}"]');
if(!held||document.getElementById("${STARTED_MODULE_ID}"))return;
var s=document.createElement("script");
s.type="module";s.nonce=held.nonce;s.id="${STARTED_MODULE_ID}";s.textContent=held.textContent;
document.head.appendChild(s);
}
try{
if(document.visibilityState==="visible"&&PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){
new PerformanceObserver(function(list,observer){
if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();afterFirstPicture(start)}
}).observe({type:"paint",buffered:true});
return;
}
}catch(e){}
start();
})();`;
