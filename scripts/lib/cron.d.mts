/** Types of cron.mjs (which Node runs as it is). */
export function parseCron(expression: string): (date: Date) => boolean;
export function scheduleCrons(
  crons: string[],
  run: (cron: string, scheduledTime: number) => Promise<void>,
  log?: { error: (...args: unknown[]) => void },
): () => void;
