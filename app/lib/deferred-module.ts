/**
 * The inline module that starts the app is sent inert (app/server/http/deferred-scripts.server.ts)
 * and started here once the page is shown in full: after the `load` event (the document, its full
 * stylesheet and its eager images are in), then two animation frames, then (where the browser
 * reports largest paints) the first such report, then a task. One frame after
 * the paint was not enough: Chrome presents a frame some time after the next one starts, and
 * Lighthouse counted scripts that loaded before the largest paint was on screen into LCP (2.1 s
 * instead of 1.1 s; docs/decisions/0006-script-deferral.md). A copy with the same nonce replaces
 * the inert script, so the CSP still decides.
 *
 * Before that, in a task of its own, the history entry gets the key React Router stores its scroll
 * positions under (what its inline `<ScrollRestoration>` script did while the page was parsed,
 * app/components/scroll-restoration.tsx), and the first `sessionStorage` read, slow in Chrome,
 * happens here rather than inside hydration.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";
const LARGEST_PAINT = "largest-contentful-paint";
/** A browser that reports no largest paint in this time (nothing painted, a hidden tab) starts anyway. */
const LARGEST_PAINT_WAIT_MS = 1000;

export const RUN_DEFERRED_MODULE =
  "(function(){" +
  'function keyEntry(){try{if(!history.state||!history.state.key)history.replaceState({key:Math.random().toString(32).slice(2)},"");' +
  `sessionStorage.getItem("${SCROLL_POSITIONS_KEY}")}catch(e){}}` +
  `function start(){var s=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;` +
  'var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;s.replaceWith(m)}' +
  "function after(frames){frames?requestAnimationFrame(function(){after(frames-1)}):painted(start)}" +
  // Wait for the browser to report a largest paint, which it does once that frame is on screen;
  // whichever comes first (that report, or the wait running out) goes on, once.
  `function painted(then){var done,L="${LARGEST_PAINT}";function go(){done||(done=1,setTimeout(then))}` +
  "try{if(PerformanceObserver.supportedEntryTypes.indexOf(L)<0)return go();" +
  `new PerformanceObserver(go).observe({type:L,buffered:true});setTimeout(go,${LARGEST_PAINT_WAIT_MS})}catch(e){go()}}` +
  'function shown(){setTimeout(keyEntry);after(2)}document.readyState==="complete"?shown():addEventListener("load",shown,{once:true})' +
  "})()";
