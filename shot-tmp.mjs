import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '/work/wt/timelabels/scripts/chromium.mjs';
const b = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const p = await b.newPage({ viewport: { width: 1920, height: 1080 } });
await p.goto('http://localhost:4206/wall');
await p.getByRole('article', { name: 'Okmok' }).getByText(/ ago$/).first().waitFor({ timeout: 120000 });
await p.waitForTimeout(5000);
const s = await p.evaluate(() => {
  let best = { px: Infinity, text: '' };
  const w = document.createTreeWalker(document.querySelector('[data-testid="wall"]'), NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const t = n.textContent.trim(); const el = n.parentElement; if (!t || !el) continue;
    const r = el.getBoundingClientRect(); const cs = getComputedStyle(el);
    if (!r.width || !r.height || cs.visibility === 'hidden') continue;
    const px = parseFloat(cs.fontSize); if (px < best.px) best = { px, text: t };
  }
  return best;
});
console.log(JSON.stringify(s));
await p.screenshot({ path: '/tmp/wall.png', timeout: 120000 });
await b.close();
