/**
 * The kitchen board's ring (decision 132): a short tone made with Web Audio (no sound file to load)
 * and a buzz where the device can. Browser only: called from effects and event handlers.
 */

/** Where the board's mute switch is kept: on this device, like a kitchen tablet's volume. */
export const MUTE_KEY = "kitchen-ring-muted";

export function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    // Storage refused (a private window): the switch still works until the page is left.
    return false;
  }
}

export function keepMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(MUTE_KEY, "1");
    else window.localStorage.removeItem(MUTE_KEY);
  } catch {
    // as above
  }
}

type AudioCtor = typeof AudioContext;

/** An audio context made during a tap, so the browser lets it play; null where there is no Web Audio. */
export function audioContext(): AudioContext | null {
  const Ctor: AudioCtor | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    return new Ctor();
  } catch {
    return null;
  }
}

/** Two short high notes per new order, one after another, and a buzz of the same rhythm. */
export function ring(audio: AudioContext | null, orders: number): void {
  if (audio) {
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.02;
    for (let i = 0; i < orders * 2; i++) {
      const at = start + i * 0.22;
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "sine";
      tone.frequency.setValueAtTime(i % 2 === 0 ? 880 : 1320, at);
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      tone.connect(volume);
      volume.connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.2);
    }
  }
  if (typeof navigator.vibrate === "function") {
    try {
      navigator.vibrate(Array.from({ length: orders * 2 }, () => [150, 70]).flat());
    } catch {
      // not allowed here
    }
  }
}
