/**
 * The in-page half of the smoke suite: small look-ups by the names a person reads (label text, a
 * button's words, aria-label), shipped into the page as source with every check, because a
 * WebDriver classic session (WebKit) has no locators of its own beyond CSS and XPath.
 *
 * `inPage(fn, args)` builds one script: `fn(H, ...args)` with H the helpers below, run in an async
 * function whose JSON-encoded answer comes back. It runs as a WebDriver script (not through the
 * page's own `eval`), so the app's CSP, which has no 'unsafe-eval', does not stop it.
 */

/* global document, window -- these functions run in the page (page-helpers.mjs inPage) */
function helpers() {
  const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const matches = (text, want) => (want instanceof RegExp ? want.test(text) : text === want);
  /** The words a screen reader would announce, close enough for buttons, links, regions and lists. */
  const name = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return norm(
        by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    return norm(el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? el.textContent);
  };
  const visible = (el) => !!el && el.getClientRects().length > 0;
  return {
    norm,
    name,
    visible,
    all: (sel, root = document) => [...root.querySelectorAll(sel)],
    /** The first visible element matching `sel` whose name matches `want` (a string is exact). */
    named(sel, want, root = document) {
      return [...root.querySelectorAll(sel)].find((el) => visible(el) && matches(name(el), want)) ?? null;
    },
    /** A form control by its label's text (a <label> or aria-label). */
    labelled(want, root = document) {
      for (const l of root.querySelectorAll('label')) {
        if (!matches(norm(l.textContent), want)) continue;
        const c = l.control ?? l.querySelector('input, select, textarea');
        if (c) return c;
      }
      return (
        [...root.querySelectorAll('input, select, textarea')].find((c) =>
          matches(norm(c.getAttribute('aria-label')), want),
        ) ?? null
      );
    },
    /** Coloured (not grey, not blank) pixels of a canvas: the series' ink, never the axes or grid. */
    ink(canvas) {
      if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
      const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        const r = d[i];
        const g = d[i + 1];
        const b = d[i + 2];
        if (d[i + 3] > 100 && Math.max(r, g, b) - Math.min(r, g, b) > 60) n++;
      }
      return n;
    },
    /** The RSAM chart's full-resolution points (`data-points`) and its first canvas's ink. */
    rsamChart() {
      const chart = document.querySelector('[data-testid="rsam-chart"]');
      if (!chart) return null;
      return { points: Number(chart.getAttribute('data-points')), ink: this.ink(chart.querySelector('canvas')) };
    },
    /** Images inside `root`: how many, how many loaded with pixels, and which failed. */
    images(root, sel = 'img') {
      const imgs = [...(root ?? document).querySelectorAll(sel)];
      return {
        count: imgs.length,
        loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length,
        broken: imgs
          .filter((i) => i.complete && i.naturalWidth === 0 && i.getAttribute('src'))
          .map((i) => i.currentSrc || i.src),
      };
    },
    /** Marks an element for the driver's own (trusted) click or typing. */
    mark(el, key) {
      document
        .querySelectorAll(`[data-engines-target="${key}"]`)
        .forEach((e) => e.removeAttribute('data-engines-target'));
      el.setAttribute('data-engines-target', key);
      el.scrollIntoView({ block: 'center' });
      return true;
    },
    location: () => window.location.pathname + window.location.search,
  };
}

/** One script: `fn(H, ...args)`, its answer JSON-encoded (`{ ok }` or `{ error }`). */
export function inPage(fn, args = []) {
  return `(async () => {
    try {
      const H = (${helpers.toString()})();
      const v = await (${fn.toString()})(H, ...${JSON.stringify(args)});
      return JSON.stringify({ ok: v === undefined ? null : v });
    } catch (e) {
      return JSON.stringify({ error: String(e) + (e && e.stack ? ' at ' + String(e.stack).split('\\n')[0] : '') });
    }
  })()`;
}

/**
 * Collects what a person would see as a broken page: uncaught errors, rejections nobody handled,
 * and console.error. Served as a same-origin file (the CSP allows only 'self' scripts) and loaded
 * before the app's own module by the served copy of index.html (scripts/engines/served-app.mjs).
 */
export const PROBE_SOURCE = `// Test-only (scripts/engines): never in a shipped build.
window.__engineErrors = [];
window.addEventListener('error', function (e) {
  if (e instanceof ErrorEvent)
    window.__engineErrors.push('pageerror: ' + e.message + (e.filename ? ' (' + e.filename + ':' + e.lineno + ')' : '') + (e.error && e.error.stack ? ' ' + String(e.error.stack).split('\\n').slice(0, 4).join(' < ') : ''));
});
window.addEventListener('unhandledrejection', function (e) {
  window.__engineErrors.push('unhandled rejection: ' + String(e.reason && e.reason.stack || e.reason));
});
(function () {
  var original = console.error;
  console.error = function () {
    window.__engineErrors.push('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
    return original.apply(console, arguments);
  };
})();
`;
