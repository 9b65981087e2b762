// `npm test` (and so CI, .ci/run): every check and test suite, then a table of how long each stage
// took and the whole run's wall time (issue 34, decision 100). The exit code is the first failing
// stage's, as with the `a && b && …` chain this replaces: a failure stops the stages not yet begun.
//
// The build, typecheck, lint and formatting check need nothing from one another and each keeps
// about one core busy, so they run side by side (their output is held and printed whole when each
// ends). The deploy check and the two test suites then run one after another, alone, with their
// output as it comes: the suites are the long part, and a stall shows.
import { spawn } from "node:child_process";

/** @typedef {{ name: string, command: string[], needs?: string[], alone?: boolean }} Stage */

/** @type {Stage[]} */
const stages = [
  { name: "build", command: ["npm", "run", "-s", "build"] },
  { name: "typecheck", command: ["npm", "run", "-s", "typecheck"] },
  { name: "lint", command: ["npm", "run", "-s", "lint"] },
  { name: "format:check", command: ["npm", "run", "-s", "format:check"] },
  // Alone: it holds the Worker's start-up CPU time to a budget, which a busy machine inflates.
  {
    name: "check:deploy",
    command: ["npm", "run", "-s", "check:deploy"],
    needs: ["build", "typecheck", "lint", "format:check"],
    alone: true,
  },
  { name: "vitest (Worker)", command: ["npx", "vitest", "run"], needs: ["check:deploy"], alone: true },
  { name: "playwright (browser)", command: ["npm", "run", "-s", "test:e2e"], needs: ["vitest (Worker)"], alone: true },
];

const started = performance.now();
/** @type {Map<string, { code: number | null, ms: number, from: number }>} */
const done = new Map();
const running = new Set();
let failure = 0;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one stage; its output is held when it shares the machine with others, else passed through. */
function run(stage, hold) {
  return new Promise((resolve) => {
    const from = performance.now();
    const child = spawn(stage.command[0], stage.command.slice(1), {
      stdio: hold ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    const held = [];
    if (hold) {
      child.stdout.on("data", (c) => held.push(c));
      child.stderr.on("data", (c) => held.push(c));
    } else {
      console.log(`\n▶ ${stage.name}: ${stage.command.join(" ")}`);
    }
    child.on("close", (code, signal) => {
      const ms = performance.now() - from;
      const result = code ?? (signal ? 1 : 0);
      if (hold) {
        console.log(`\n▶ ${stage.name}: ${stage.command.join(" ")} (${seconds(ms)})`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(`${result === 0 ? "✔" : "✘"} ${stage.name}: ${result === 0 ? "passed" : `failed (${result})`}`);
      resolve({ code: result, ms, from: from - started });
    });
  });
}

/** Starts every stage whose needs have passed; resolves when nothing is left to start or running. */
async function schedule() {
  let wake = () => {};
  for (;;) {
    const ready = stages.filter(
      (s) =>
        !done.has(s.name) &&
        !running.has(s.name) &&
        (s.needs ?? []).every((n) => done.get(n)?.code === 0) &&
        (!s.alone || running.size === 0),
    );
    // A stage that must run alone waits for the others; nothing starts beside it.
    const alone = [...running].some((n) => stages.find((s) => s.name === n)?.alone);
    const beside = ready.filter((s) => !s.alone);
    const toStart = failure || alone ? [] : beside.length > 0 ? beside : ready.slice(0, 1);
    for (const stage of toStart) {
      running.add(stage.name);
      const hold = !stage.alone;
      void run(stage, hold).then((result) => {
        running.delete(stage.name);
        done.set(stage.name, result);
        if (result.code !== 0 && !failure) failure = result.code;
        wake();
      });
    }
    if (running.size === 0) return;
    // Wait for a running stage to end, then look again.
    await new Promise((resolve) => (wake = resolve));
  }
}

await schedule();

const total = performance.now() - started;
const width = Math.max(...stages.map((s) => s.name.length));
console.log("\nnpm test: wall time by stage (stages that overlapped ran side by side)");
console.log(`  ${"stage".padEnd(width)}  ${"start".padStart(8)}  ${"time".padStart(8)}  result`);
for (const stage of stages) {
  const r = done.get(stage.name);
  const result = !r ? "not run" : r.code === 0 ? "passed" : `failed (${r.code})`;
  const from = r ? seconds(r.from) : "";
  const ms = r ? seconds(r.ms) : "";
  console.log(`  ${stage.name.padEnd(width)}  ${from.padStart(8)}  ${ms.padStart(8)}  ${result}`);
}
console.log(
  `  ${"total".padEnd(width)}  ${"".padStart(8)}  ${seconds(total).padStart(8)}  ${failure ? "failed" : "passed"}`,
);
process.exit(failure);
