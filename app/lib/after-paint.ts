/**
 * The page's scripts start after its first paint (decision 075). The HTML as sent is whole (forms
 * and links work without scripts), so on a weak phone network the shopper should see it before
 * about 100 KB of hydration code takes the bandwidth and the main thread. The Worker sends Remix's
 * module preloads and its module script held (these two attribute values, which the browser
 * ignores), and the small inline script below gives them back their meaning once the browser
 * reports the first contentful paint: the preloads start, then the module script runs, which
 * imports the entry and hydrates. A hidden page, or a browser without paint timing, starts at once.
 */
export const HELD_PRELOAD = "x-modulepreload";
export const HELD_MODULE = "text/x-held-module";
/** The module script written back by the starter; removed again before hydration compares the DOM. */
export const STARTED_MODULE_ID = "after-paint-module";

/**
 * Each step in a task of its own, so that no step blocks the main thread for long on a slow phone
 * (a tap waits for the task in progress): the preloads two at a time; once all have arrived (so
 * that evaluating does not compete with downloading), each preloaded module evaluated by its own
 * import() (evaluation is once per module, so the held script that runs last finds them ready);
 * the entry last of all, by the held script itself, which sets Remix's route modules before it
 * imports the entry.
 */
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
links.splice(0,2).forEach(function(l){l.rel="modulepreload"});
if(links.length)later(preload);
})();
if(!pending)later(evaluateOnce);
function evaluate(){
var next=modules.shift();
if(next===undefined)return later(run);
import(next).then(function(){later(evaluate)},run);
}
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
if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}
}).observe({type:"paint",buffered:true});
return;
}
}catch(e){}
start();
})();`;
