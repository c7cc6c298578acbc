/**
 * The colour classes of attention states, apart from the components that show them: the home page
 * marks its cards at first paint with these alone, and the state component loads with the cards.
 */
import type { ChannelStatus } from '../../analysis/attention/attention';
import { volcanoWord, type VolcanoAttention } from '../../analysis/attention/attention-words';

/** The colour class of a state: one per word shown. */
export function stateClass(s: ChannelStatus): string {
  return s.state === 'firing' ? s.grade! : s.state;
}

export function volcanoClass(v: VolcanoAttention): string {
  if (!v.worst) return 'images';
  const w = volcanoWord(v);
  return w === 'unknown' ? stateClass(v.worst.status) : w;
}
