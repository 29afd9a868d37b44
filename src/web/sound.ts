/**
 * The table's sounds, made with WebAudio (nothing is fetched): a rattle for dice, a click per checker moved, a
 * chime when it is your turn. Off by default; the choice is remembered in localStorage.
 */
const STORAGE_KEY = "nardi.sound";

export type SoundName = "dice" | "move" | "turn";

let context: AudioContext | null = null;

export function soundOn(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // No storage (private browsing): the choice lasts for this page.
  }
}

/** A short tone: frequency (Hz), start offset and length (s), peak gain. */
function tone(ctx: AudioContext, freq: number, at: number, length: number, gain: number, type: OscillatorType = "sine"): void {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const start = ctx.currentTime + at;
  amp.gain.setValueAtTime(0, start);
  amp.gain.linearRampToValueAtTime(gain, start + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** Plays a sound if sounds are on (and the browser lets the page make any). */
export function play(name: SoundName): void {
  if (!soundOn() || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume();
    if (name === "dice") for (let i = 0; i < 5; i++) tone(ctx, 900 + ((i * 373) % 500), i * 0.045, 0.04, 0.12, "square");
    else if (name === "move") tone(ctx, 220, 0, 0.08, 0.3, "triangle");
    else {
      tone(ctx, 660, 0, 0.18, 0.2);
      tone(ctx, 880, 0.14, 0.26, 0.2);
    }
  } catch {
    // Audio is a nicety: never let it break the table.
  }
}
