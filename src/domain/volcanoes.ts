/**
 * Reference data from spec 01 §2.1 and §2.4, plus default site time zones (docs/service.md 01 §2.4).
 * The spec names no time zones: these are defaults a deployment may override in config.json
 * (`siteTimeZones`), applied through `setSiteTimeZoneOverrides`.
 */
export type ImageType = 'infrared' | 'visible';
export const IMAGE_TYPES: readonly ImageType[] = ['infrared', 'visible'];
export const IMAGE_TYPE_LABEL: Record<ImageType, string> = { infrared: 'Infrared', visible: 'Visible' };

export interface CameraSite {
  site: string;
  vnum: number;
  imageTypes: readonly ImageType[];
  defaultTimeZone: string;
}

export interface SeismicStationRef {
  network: string;
  station: string;
  channels: readonly string[];
}

export interface Volcano {
  vnum: number;
  name: string;
  country: string;
  /** IANA zone used for "site-local" display of the volcano's data. */
  defaultTimeZone: string;
  network: string | null;
  stations: readonly SeismicStationRef[];
  cameraSites: readonly CameraSite[];
  /** Channels shown by default on overview charts (vertical components). */
  verticalChannels: readonly string[];
}

const CLEVELAND_CH = ['BHE', 'BHN', 'BHZ'] as const;
const POAS_CH = ['HHE', 'HHN', 'HHZ', 'VDT', 'VEC', 'VEI', 'VM1', 'VM2', 'VM3'] as const;
const VILLARRICA_CH = ['HDF', 'HHE', 'HHN', 'HHZ'] as const;

export const CAMERA_SITES: readonly CameraSite[] = [
  { site: 'CLNE', vnum: 311240, imageTypes: ['infrared', 'visible'], defaultTimeZone: 'America/Adak' },
  { site: 'OKCF', vnum: 311290, imageTypes: ['visible'], defaultTimeZone: 'America/Nome' },
  { site: 'VPMI', vnum: 345040, imageTypes: ['infrared', 'visible'], defaultTimeZone: 'America/Costa_Rica' },
  { site: 'RKPI', vnum: 357120, imageTypes: ['visible'], defaultTimeZone: 'America/Santiago' },
  { site: 'CV01', vnum: 383010, imageTypes: ['infrared'], defaultTimeZone: 'Atlantic/Canary' },
  { site: 'CV02', vnum: 383010, imageTypes: ['infrared'], defaultTimeZone: 'Atlantic/Canary' },
];

const sitesOf = (vnum: number) => CAMERA_SITES.filter((s) => s.vnum === vnum);

export const VOLCANOES: readonly Volcano[] = [
  {
    vnum: 311240,
    name: 'Cleveland',
    country: 'USA (Alaska)',
    defaultTimeZone: 'America/Adak',
    network: 'AV',
    stations: ['CLCL', 'CLCO', 'CLES', 'CLNE', 'CLSF'].map((station) => ({
      network: 'AV',
      station,
      channels: CLEVELAND_CH,
    })),
    cameraSites: sitesOf(311240),
    verticalChannels: ['AV.CLCL..BHZ', 'AV.CLES..BHZ'],
  },
  {
    vnum: 311290,
    name: 'Okmok',
    country: 'USA (Alaska)',
    defaultTimeZone: 'America/Nome',
    network: null,
    stations: [],
    cameraSites: sitesOf(311290),
    verticalChannels: [],
  },
  {
    vnum: 345040,
    name: 'Poás',
    country: 'Costa Rica',
    defaultTimeZone: 'America/Costa_Rica',
    network: 'OV',
    stations: ['VPCC', 'VPNC', 'VPPC', 'VPRS'].map((station) => ({
      network: 'OV',
      station,
      channels: POAS_CH,
    })),
    cameraSites: sitesOf(345040),
    verticalChannels: ['OV.VPCC..HHZ', 'OV.VPNC..HHZ'],
  },
  {
    vnum: 357120,
    name: 'Villarrica',
    country: 'Chile',
    defaultTimeZone: 'America/Santiago',
    network: 'VC',
    stations: [{ network: 'VC', station: 'RKPI', channels: VILLARRICA_CH }],
    cameraSites: sitesOf(357120),
    verticalChannels: ['VC.RKPI..HHZ'],
  },
  {
    vnum: 383010,
    name: 'Cumbre Vieja',
    country: 'Spain (La Palma)',
    defaultTimeZone: 'Atlantic/Canary',
    network: null,
    stations: [],
    cameraSites: sitesOf(383010),
    verticalChannels: [],
  },
];

export function findVolcano(vnum: number): Volcano | undefined {
  return VOLCANOES.find((v) => v.vnum === vnum);
}

export function findCameraSite(site: string): CameraSite | undefined {
  return CAMERA_SITES.find((s) => s.site === site);
}

/** The volcano a seismic network/station belongs to (spec 01 §2.1 table). */
export function volcanoForStation(network: string, station: string): Volcano | undefined {
  return VOLCANOES.find((v) => v.stations.some((s) => s.network === network && s.station === station));
}

/** Every reference channel as `NET.STA..CHA` (location empty in the reference table). */
export function referenceChannelIds(): string[] {
  return VOLCANOES.flatMap((v) => v.stations.flatMap((s) => s.channels.map((c) => `${s.network}.${s.station}..${c}`)));
}

let zoneOverrides: Record<string, string> = {};

/** Deployment overrides from config.json (`siteTimeZones`: site code or vnum → IANA zone). */
export function setSiteTimeZoneOverrides(overrides: Record<string, string>): void {
  zoneOverrides = { ...overrides };
}

/** The site's zone when the reference table or config knows it; null for an unknown site. */
export function knownSiteTimeZone(site: string): string | null {
  return zoneOverrides[site] ?? findCameraSite(site)?.defaultTimeZone ?? null;
}

/** UTC for an unknown site: callers that label local times must use knownSiteTimeZone instead. */
export function siteTimeZone(site: string): string {
  return zoneOverrides[site] ?? findCameraSite(site)?.defaultTimeZone ?? 'UTC';
}

export function volcanoTimeZone(vnum: number): string {
  const v = findVolcano(vnum);
  if (!v) return 'UTC';
  return zoneOverrides[String(vnum)] ?? (v.cameraSites[0] ? siteTimeZone(v.cameraSites[0].site) : v.defaultTimeZone);
}
