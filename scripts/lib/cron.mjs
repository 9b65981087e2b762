// The cron triggers of wrangler.toml, run locally on their schedule: Miniflare serves the Worker
// but, like Cloudflare's edge only in production, nothing calls its `scheduled` handler by itself.

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  // Cron's 7 is Sunday too.
  { name: "day of week", min: 0, max: 7 },
];

/** The values one field of a cron expression allows: `*`, `a`, `a-b`, `*\/n`, `a-b/n`, and lists. */
function fieldValues(text, { name, min, max }) {
  const values = new Set();
  for (const part of text.split(",")) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`cron: cannot read the ${name} field "${text}"`);
    const from = m[1] === "*" ? min : Number(m[2]);
    const to = m[1] === "*" ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    const step = m[4] ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new Error(`cron: the ${name} field "${text}" is out of range`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/**
 * Reads a five-field cron expression (Cloudflare's: minute, hour, day of month, month, day of
 * week; times in UTC). Names of months and days and Cloudflare's `L`, `W` and `#` are not read:
 * this project's crons do not use them, and an expression that does is refused, not guessed.
 */
export function parseCron(expression) {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron: "${expression}" does not have five fields`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => fieldValues(p, FIELDS[i]));
  if (dow.has(7)) dow.add(0);
  const anyDom = parts[2] === "*";
  const anyDow = parts[4] === "*";
  return (date) => {
    if (!minute.has(date.getUTCMinutes()) || !hour.has(date.getUTCHours()) || !month.has(date.getUTCMonth() + 1)) {
      return false;
    }
    // As in cron: when both day fields are restricted, either may match.
    const byDom = dom.has(date.getUTCDate());
    const byDow = dow.has(date.getUTCDay());
    if (anyDom && anyDow) return true;
    if (anyDom) return byDow;
    if (anyDow) return byDom;
    return byDom || byDow;
  };
}

/**
 * Calls `run(cron, scheduledTime)` at the start of every minute one of `crons` matches, until the
 * returned function is called. A run that fails is logged and the schedule goes on.
 */
export function scheduleCrons(crons, run, log = console) {
  const matchers = crons.map((cron) => [cron, parseCron(cron)]);
  let timer = null;
  const next = () => {
    const now = Date.now();
    const minute = Math.floor(now / 60_000) * 60_000 + 60_000;
    timer = setTimeout(async () => {
      const at = new Date(minute);
      for (const [cron, matches] of matchers) {
        if (!matches(at)) continue;
        try {
          await run(cron, minute);
        } catch (error) {
          log.error(`cron ${cron}: the scheduled handler failed`, error);
        }
      }
      next();
    }, minute - now);
    // The schedule alone never keeps the process alive.
    timer.unref?.();
  };
  if (matchers.length > 0) next();
  return () => clearTimeout(timer);
}
