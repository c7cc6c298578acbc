import { describe, expect, it } from 'vitest';
import { checkImageUrl } from '../domain/image-url';
import { imageHostRules } from './image-policy';
import { parseRuntimeConfig } from './runtime-config';

const PAGE = 'http://localhost:4206/legacy';
const config = (patch: Record<string, unknown>) =>
  parseRuntimeConfig({
    apiBaseUrl: 'https://volcano-data.example.org',
    legacyBaseUrl: '/legacy-proxy',
    platformBaseUrl: 'https://tenant.example.org',
    mock: false,
    ...patch,
  });

describe('the image rules of a deployment', () => {
  it('trusts the main host, the page’s origin behind a path base, and the records’ archive hosts', () => {
    expect(imageHostRules(config({}), PAGE)).toEqual({
      origins: ['https://volcano-data.example.org', 'http://localhost:4206'],
      archiveShape: true,
    });
  });

  it('trusts only the listed hosts besides its own once imageHosts is given', () => {
    const rules = imageHostRules(config({ imageHosts: ['images.example.org'] }), PAGE);
    expect(rules).toEqual({
      origins: ['https://volcano-data.example.org', 'http://localhost:4206', 'https://images.example.org'],
      archiveShape: false,
    });
    const archive = '/archive/imagery/infrared/311240/2025/CLNE/still/069/a.jpg';
    expect(checkImageUrl(`https://cdn.example.net${archive}`, rules, PAGE).ok).toBe(false);
  });

  it('with both bases absolute, a legacy record url under the site root stays on the legacy host', () => {
    const c = config({ legacyBaseUrl: 'https://legacy.example.org' });
    const rules = imageHostRules(c, PAGE);
    expect(checkImageUrl('https://legacy.example.org//evil.example/x.jpg', rules, PAGE).ok).toBe(true);
    expect(checkImageUrl('//evil.example/x.jpg', rules, PAGE)).toMatchObject({ ok: false, host: 'evil.example' });
  });
});
