/**
 * The mock's own reference tables, transcribed from the documents rather than imported from the
 * app, so a misreading in either shows up as a disagreement (mocks/reference.test.ts) instead of
 * being shared by construction.
 */

/** Spec 01 §2.4: `image_type` is `infrared` or `visible`. */
export type ImageType = 'infrared' | 'visible';
export const IMAGE_TYPES: readonly ImageType[] = ['infrared', 'visible'];

export interface SeismicNetwork {
  volcano: string;
  network: string;
  stations: readonly string[];
  /** Every station of the network has each of these channels. */
  channels: readonly string[];
}

/** Spec 01 §2.1, "Known combinations". Location codes are empty. */
export const SEISMIC_NETWORKS: readonly SeismicNetwork[] = [
  { volcano: 'Cleveland', network: 'AV', stations: ['CLCL', 'CLCO', 'CLES', 'CLNE', 'CLSF'], channels: ['BHE', 'BHN', 'BHZ'] },
  {
    volcano: 'Poás',
    network: 'OV',
    stations: ['VPCC', 'VPNC', 'VPPC', 'VPRS'],
    channels: ['HHE', 'HHN', 'HHZ', 'VDT', 'VEC', 'VEI', 'VM1', 'VM2', 'VM3'],
  },
  { volcano: 'Villarrica', network: 'VC', stations: ['RKPI'], channels: ['HDF', 'HHE', 'HHN', 'HHZ'] },
];

export interface CameraRef {
  site: string;
  vnum: number;
  type: ImageType;
}

/**
 * Spec 01 §2.4, "Known volcano numbers and sites", one row per camera (site and image type). The
 * order (by site, infrared first) fixes each camera's index, which seeds nothing but does number
 * the legacy database ids.
 */
export const CAMERA_TABLE: readonly CameraRef[] = [
  { site: 'CLNE', vnum: 311240, type: 'infrared' }, // Cleveland
  { site: 'CLNE', vnum: 311240, type: 'visible' },
  { site: 'OKCF', vnum: 311290, type: 'visible' }, // Okmok
  { site: 'VPMI', vnum: 345040, type: 'infrared' }, // Poás
  { site: 'VPMI', vnum: 345040, type: 'visible' },
  { site: 'RKPI', vnum: 357120, type: 'visible' }, // Villarrica
  { site: 'CV01', vnum: 383010, type: 'infrared' }, // Cumbre Vieja
  { site: 'CV02', vnum: 383010, type: 'infrared' },
];

/**
 * Where each camera stands (docs/service.md "01 §2.4 Image record": the documents name no zones). The service's "local
 * site time" (spec 01 §2.4, §4.5) is the wall clock there.
 */
export const SITE_ZONES: Readonly<Record<string, string>> = {
  CLNE: 'America/Adak',
  OKCF: 'America/Nome',
  VPMI: 'America/Costa_Rica',
  RKPI: 'America/Santiago',
  CV01: 'Atlantic/Canary',
  CV02: 'Atlantic/Canary',
};

/** The site's IANA zone; UTC for a site the table does not know. */
export function siteZone(site: string): string {
  return SITE_ZONES[site] ?? 'UTC';
}
