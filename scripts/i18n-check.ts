// The catalogues hold every message of the code, and Spanish translates each one
// (docs/architecture.md "Languages"). Extracts the code's messages into a copy of the catalogues
// (the real ones are left alone), then fails when the code has a message a catalogue lacks (run
// `npm run i18n:extract` and translate it), when a catalogue keeps one the code no longer has
// (the same command drops it), or when `lingui compile --strict` finds a Spanish message
// untranslated or not compiling. Run by `npm test` (through tsx); about 5 s.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { poEntries } from './lingui-build.ts';

const root = resolve(import.meta.dirname, '..');
const locales = join(root, 'src/i18n/locales');

function lingui(args: string[]) {
  const r = spawnSync('npx', ['lingui', ...args], { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

function check(): string[] {
  const problems: string[] = [];
  const work = mkdtempSync(join(tmpdir(), 'i18n-check-'));
  try {
    cpSync(locales, work, { recursive: true });
    const config = join(work, 'lingui.config.mjs');
    writeFileSync(
      config,
      `import base from ${JSON.stringify(pathToFileURL(join(root, 'lingui.config.ts')).href)};\n` +
        `export default { ...base, rootDir: ${JSON.stringify(root)}, catalogs: base.catalogs.map((c) => ({ ...c, path: ${JSON.stringify(join(work, '{locale}'))} })) };\n`,
    );
    const extracted = lingui(['extract', '--clean', '--config', config]);
    if (!extracted.ok) return [`lingui extract failed:\n${extracted.output}`];
    for (const file of readdirSync(locales).filter((f) => f.endsWith('.po'))) {
      const kept = poEntries(readFileSync(join(locales, file), 'utf8'));
      const code = poEntries(readFileSync(join(work, file), 'utf8'));
      for (const id of code.keys())
        if (!kept.has(id)) problems.push(`${file}: the code's message ${JSON.stringify(id)} is missing`);
      for (const id of kept.keys())
        if (!code.has(id)) problems.push(`${file}: ${JSON.stringify(id)} is no longer in the code`);
    }
    const compiled = lingui(['compile', '--strict', '--config', config]);
    if (!compiled.ok) problems.push(`lingui compile --strict:\n${compiled.output.trim()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const problems = check();
  if (problems.length) {
    console.error(`✘ catalogues (src/i18n/locales) out of step with the code:\n  ${problems.join('\n  ')}`);
    console.error(
      'Run `npm run i18n:extract`, translate what is new in es.po (docs/i18n-glossary.md), and run this again.',
    );
    process.exit(1);
  }
  console.log('✓ catalogues: every message of the code is in every catalogue, and Spanish translates each one');
}
