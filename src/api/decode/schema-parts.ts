/** Schema pieces the API modules share (valibot). */
import * as v from 'valibot';

/** A JSON integer within the safe range (2^53 and beyond cannot be told apart from a neighbour). */
export const int = v.pipe(v.number(), v.safeInteger());

/** One seismic channel's identity (spec 01 §3), as the seismic endpoints return it. */
export const channelSchema = v.object({
  network: v.string(),
  station: v.string(),
  location: v.string(),
  channel: v.string(),
});
