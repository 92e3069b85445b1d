// Summarises a V8 .cpuprofile (from `node --cpu-prof server.mjs`): the functions with the most
// self time, and the packages/files the time is spent in. Used to find what an SSR request costs.
//   node scripts/bench/cpuprofile-summary.mjs path/to/file.cpuprofile [top=30] [last-seconds]
// With last-seconds only the samples of the profile's last N seconds count (the load, not start-up).
import { readFileSync } from "node:fs";

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error("usage: cpuprofile-summary.mjs FILE.cpuprofile [top]");
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8"));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : Number.NEGATIVE_INFINITY;
const selfTicks = new Map();
let total = 0;
let at = profile.startTime;
profile.samples.forEach((id, n) => {
  at += profile.timeDeltas[n];
  if (at < from) return;
  selfTicks.set(id, (selfTicks.get(id) ?? 0) + 1);
  total++;
});

const where = (frame) => {
  const url = frame.url || "(native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (/\/server\/(index\.js|assets\/)/.test(url)) return "app server build";
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*\/main\//, "");
};
const label = (frame) => `${frame.functionName || "(anonymous)"} ${where(frame)}:${frame.lineNumber + 1}`;

const selfByFunction = new Map();
const selfByPlace = new Map();
for (const [id, ticks] of selfTicks) {
  const frame = byId.get(id).callFrame;
  selfByFunction.set(label(frame), (selfByFunction.get(label(frame)) ?? 0) + ticks);
  selfByPlace.set(where(frame), (selfByPlace.get(where(frame)) ?? 0) + ticks);
}

// Total (inclusive) time per function: every sample counts once for each distinct function on its stack.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const totalByFunction = new Map();
for (const [id, ticks] of selfTicks) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at).callFrame);
    if (seen.has(name)) continue;
    seen.add(name);
    totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + ticks);
  }
}

const pct = (ticks) => `${((100 * ticks) / total).toFixed(1).padStart(5)} %`;
const print = (title, map, n) => {
  console.log(`\n## ${title}`);
  for (const [name, ticks] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(ticks)}  ${name}`);
};
console.log(
  `${total} samples of ${profile.samples.length}, profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`,
);
print("self time by package / file", selfByPlace, 20);
print("self time by function", selfByFunction, top);
print("total time by function", totalByFunction, top);
