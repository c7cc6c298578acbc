import { describe, expect, it } from 'vitest';
import { checkImageUrl, type ImageHostRules } from './image-url';

const PAGE = 'https://dashboard.example.org/imagery?site=RKPI';
const ARCHIVE = '/archive/imagery/visible/357120/2025/RKPI/still/069/357120.RKPI.2025.069_120102-0042.jpg';
const records: ImageHostRules = { origins: ['https://volcano-data.example.org'], archiveShape: true };
const listed: ImageHostRules = {
  origins: ['https://volcano-data.example.org', 'https://images.example.org', 'http://127.0.0.1:8860'],
  archiveShape: false,
};
const host = (url: string, rules = records) => {
  const r = checkImageUrl(url, rules, PAGE);
  return r.ok ? 'loaded' : r.host;
};

describe('image addresses', () => {
  it('loads the service’s own host and the records’ HTTPS archive hosts', () => {
    expect(checkImageUrl(`https://volcano-data.example.org/any/path.png`, records, PAGE)).toEqual({
      ok: true,
      url: 'https://volcano-data.example.org/any/path.png',
    });
    expect(host(`https://images.example.org${ARCHIVE}`)).toBe('loaded');
    expect(host(`https://images.example.org${ARCHIVE}?v=2`)).toBe('loaded');
  });

  it('refuses loopback, private, link-local and IP-literal hosts in any spelling', () => {
    for (const h of [
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      '127.0.0.1',
      '127.1',
      '0x7f.1',
      '2130706433',
      '10.0.0.5',
      '192.168.1.20',
      '169.254.169.254',
      '[::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      'intranet',
    ])
      expect(host(`https://${h}${ARCHIVE}`), h).not.toBe('loaded');
    expect(host(`https://169.254.169.254${ARCHIVE}`)).toBe('169.254.169.254');
    expect(host(`https://0x7f.1${ARCHIVE}`)).toBe('127.0.0.1');
  });

  it('refuses plain http, other shapes, credentials and other schemes from the records’ hosts', () => {
    expect(host(`http://images.example.org${ARCHIVE}`)).toBe('images.example.org');
    expect(host('https://images.example.org/admin/reset?x=1')).toBe('images.example.org');
    expect(host(`https://user:pw@images.example.org${ARCHIVE}`)).toBe('images.example.org');
    expect(host(`https://volcano-data.example.org@evil.example${ARCHIVE}`)).toBe('evil.example');
    expect(host('javascript:alert(1)')).not.toBe('loaded');
    expect(host('data:image/svg+xml,<svg/>')).not.toBe('loaded');
  });

  it('refuses protocol-relative addresses and what a URL parser reads as one', () => {
    expect(host(`//evil.example${ARCHIVE}`)).toBe('evil.example');
    expect(host(`/\\evil.example${ARCHIVE}`)).not.toBe('loaded');
    expect(host(`/\t/evil.example${ARCHIVE}`)).not.toBe('loaded');
    expect(host(` https://evil.example${ARCHIVE}`)).not.toBe('loaded');
    // A path resolves on the page's own origin, held to the same rules as any host.
    expect(host('/config.json')).toBe('dashboard.example.org');
  });

  it('with an imageHosts list, loads only the listed and own origins, whatever their scheme', () => {
    expect(host(`https://images.example.org${ARCHIVE}`, listed)).toBe('loaded');
    expect(host(`http://127.0.0.1:8860${ARCHIVE}`, listed)).toBe('loaded');
    expect(host(`https://other-images.example.org${ARCHIVE}`, listed)).toBe('other-images.example.org');
    expect(host(`https://images.example.org:8443${ARCHIVE}`, listed)).toBe('images.example.org:8443');
    expect(checkImageUrl(`http://127.0.0.1:8861${ARCHIVE}`, listed, PAGE)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/imageHosts/),
    });
  });
});
