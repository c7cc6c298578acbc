import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '/work/wt-i18n/scripts/chromium.mjs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const p = await b.newPage({ viewport: { width: 1440, height: 1000 } });
await p.clock.setSystemTime(Date.parse('2026-11-20T12:00:00Z'));
for (const [url, file] of [[process.argv[2], process.argv[3]]]) {
  await p.goto(url);
  await p.waitForTimeout(6000);
  await p.screenshot({ path: file });
}
await b.close();
