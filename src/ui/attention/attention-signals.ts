/**
 * What reaches a person when a state rises: a tone (the wall: a kiosk enables it once with a click,
 * as browsers require before a page may play sound) and a browser notification (a desk: permission
 * asked on a click, never on load). Each is asked once per rise, never for a rise already logged,
 * so an acknowledged state stays quiet until it rises again.
 */
import { useEffect } from 'react';
import { stateLabel, type VolcanoAttention } from '../../analysis/attention/attention-words';
import { useAttentionLogActions, type LogEntry } from './attention-log';

let audio: AudioContext | null = null;

/** Whether the tone can play: a context made and resumed after a click. */
export const soundOn = () => audio?.state === 'running';

/** Called from a click: makes (or resumes) the audio context. Resolves to whether sound is on. */
export async function enableSound(): Promise<boolean> {
  if (typeof AudioContext === 'undefined') return false;
  audio ??= new AudioContext();
  try {
    await audio.resume();
  } catch {
    // Refused (a policy): the button stays, the log still records.
  }
  return soundOn();
}

/** Two short tones, a fifth apart: heard across a room, unlike any alarm of the building's own. */
export function playRiseTone(delaySec = 0): void {
  if (!audio || !soundOn()) return;
  const t0 = audio.currentTime + delaySec;
  for (const [i, hz] of [660, 990].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, t0 + i * 0.25);
    gain.gain.exponentialRampToValueAtTime(0.3, t0 + i * 0.25 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + i * 0.25 + 0.22);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + i * 0.25);
    osc.stop(t0 + i * 0.25 + 0.24);
  }
}

export function notifyRise(e: LogEntry): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(`${e.volcano}: ${e.station} ${stateLabel(e.state)}`, {
      body: `${e.channel} ${e.text}`,
      tag: e.key,
    });
  } catch {
    // Some browsers allow notifications only from a service worker: the log and the page say it.
  }
}

/**
 * Logs each new rise of `all` and asks for its tone and its notification, once. `all` changes when
 * data or the minute does, so a rise is seen within a refresh.
 */
export function useAttentionSignals(all: readonly VolcanoAttention[] | null): void {
  const { recordRises } = useAttentionLogActions();
  useEffect(() => {
    if (!all) return;
    const added = recordRises(all, Date.now());
    added.forEach((e, i) => {
      playRiseTone(i * 0.6);
      notifyRise(e);
    });
  }, [all, recordRises]);
}
