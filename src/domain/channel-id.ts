/** FDSN-style channel id `NET.STA.LOC.CHA`; an empty location gives two dots (`AV.CLCL..BHZ`). */
export interface ChannelRef {
  network: string;
  station: string;
  location: string;
  channel: string;
}

const CODE = /^[A-Z0-9]{1,8}$/;
const LOC = /^[A-Z0-9-]{0,4}$/;

export function formatChannelId(c: ChannelRef): string {
  return `${c.network}.${c.station}.${c.location}.${c.channel}`;
}

/** Parses `NET.STA.LOC.CHA`; returns null for anything malformed (never throws). */
export function parseChannelId(id: string): ChannelRef | null {
  const parts = id.trim().toUpperCase().split('.');
  if (parts.length !== 4) return null;
  const [network, station, location, channel] = parts as [string, string, string, string];
  if (!CODE.test(network) || !CODE.test(station) || !LOC.test(location) || !CODE.test(channel)) return null;
  return { network, station, location, channel };
}

export function sameChannel(a: ChannelRef, b: ChannelRef): boolean {
  return a.network === b.network && a.station === b.station && a.location === b.location && a.channel === b.channel;
}
