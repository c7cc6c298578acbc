/** The attention settings in force: the shipped rule with the observatory's config.json changes. */
import { DEFAULT_ATTENTION_RULE, type AttentionSettings } from '../../analysis/attention/attention';
import { getRuntimeConfig } from '../../config/runtime-config';

let cached: { from: unknown; settings: AttentionSettings } | null = null;

export function attentionSettings(): AttentionSettings {
  const a = getRuntimeConfig().attention;
  if (cached?.from !== a)
    cached = {
      from: a,
      settings: {
        defaults: { ...DEFAULT_ATTENTION_RULE, ...a.defaults },
        volcanoes: a.volcanoes,
        channels: a.channels,
      },
    };
  return cached.settings;
}

/**
 * The longest baseline any volcano or channel is judged against, in hours: what the wall and the
 * home page load, so a configured 7-day median is a median of 7 days, not of the day they showed.
 */
export function longestBaselineHours(s: AttentionSettings = attentionSettings()): number {
  const patches = [...Object.values(s.volcanoes), ...Object.values(s.channels)];
  return Math.max(s.defaults.baselineHours, ...patches.map((p) => p.baselineHours ?? 0));
}
