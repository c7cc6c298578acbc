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
