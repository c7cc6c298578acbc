// @vitest-environment node
// The boundaries of docs/architecture.md, proven through the project's own ESLint config: each
// probe is linted as if it sat at `file`, and must raise `boundaries/layers` exactly when it crosses.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
// mocks/ is skipped by the project config while it has its own rule; the rule itself is checked here.
const strict = new ESLint({ cwd: root, overrideConfig: { rules: { 'boundaries/layers': ['error', {}] } } });

async function crossings(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

const CASES: { file: string; code: string; crosses: boolean; why: string }[] = [
  {
    file: 'src/features/seismic/probe.ts',
    code: "import { x } from '../imagery/imagery-params';",
    crosses: true,
    why: 'feature → feature, static',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: "export const r = () => import('../imagery/imagery-route');",
    crosses: true,
    why: 'feature → feature, import()',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: 'export const r = () => import(`../wall/wall-route`);',
    crosses: true,
    why: 'feature → feature, import() with a template literal',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: "export { parseWallParams } from '../wall/wall-params';",
    crosses: true,
    why: 'feature → feature, re-export',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: "import type { X } from '../../features/volcano/volcano-params';",
    crosses: true,
    why: 'feature → feature, types too',
  },
  {
    file: 'src/features/volcano/evidence/probe.ts',
    code: "import { x } from '../../wall/wall-model';",
    crosses: true,
    why: 'feature subfolder → another feature',
  },
  {
    file: 'src/features/volcano/evidence/probe.ts',
    code: "import { x } from '../events';",
    crosses: false,
    why: 'feature subfolder → its own feature',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: "import { x } from './seismic-params';",
    crosses: false,
    why: 'within one feature',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: "import { x } from '../../api/seismic'; import { y } from '../../ui/dialog';",
    crosses: false,
    why: 'feature → shared layers',
  },
  {
    file: 'src/features/seismic/probe.ts',
    code: "import { x } from '../../app/layout';",
    crosses: true,
    why: 'feature → app',
  },
  {
    file: 'src/api/probe.ts',
    code: "import { useTheme } from '../stores/theme-store';",
    crosses: true,
    why: 'api → stores',
  },
  { file: 'src/api/probe.ts', code: "import { x } from '../chart/series-data';", crosses: true, why: 'api → chart' },
  { file: 'src/api/probe.ts', code: "import { x } from '../ui/error-panel';", crosses: true, why: 'api → ui' },
  {
    file: 'src/api/probe.ts',
    code: "export const f = () => import('../features/seismic/seismic-params');",
    crosses: true,
    why: 'api → features, import()',
  },
  {
    file: 'src/api/probe.ts',
    code: "import { x } from '../domain/time'; import { c } from '../config/runtime-config';",
    crosses: false,
    why: 'api → domain and config',
  },
  {
    file: 'src/domain/probe.ts',
    code: "import { ApiError } from '../api/http/errors';",
    crosses: true,
    why: 'domain → api',
  },
  {
    file: 'src/domain/probe.ts',
    code: "import { x } from '../config/runtime-config';",
    crosses: true,
    why: 'domain → config',
  },
  { file: 'src/domain/probe.ts', code: "import { x } from '../app/router';", crosses: true, why: 'domain → app' },
  { file: 'src/domain/probe.ts', code: "import { DAY_MS } from './time';", crosses: false, why: 'domain → domain' },
  {
    file: 'src/ui/probe.ts',
    code: "import { x } from '../features/wall/wall-model';",
    crosses: true,
    why: 'ui → features',
  },
  {
    file: 'src/app/probe.ts',
    code: "export const r = () => import('../features/wall/wall-route');",
    crosses: false,
    why: 'app → features (lazy routes)',
  },
  {
    file: 'src/api/worker/probe.ts',
    code: "import { runParseJob } from '../../workers/parse-worker-jobs';",
    crosses: true,
    why: 'api → workers',
  },
  {
    file: 'src/chart/probe.ts',
    code: "export const w = () => import('../workers/parse-worker-jobs');",
    crosses: true,
    why: 'chart → workers, import()',
  },
  {
    file: 'src/workers/probe.ts',
    code: "import { runJob } from '../api/worker/jobs'; import { x } from '../chart/draw-prep/rsam-draw-prep';",
    crosses: false,
    why: 'workers → api and chart',
  },
  { file: 'src/workers/probe.ts', code: "import { x } from '../ui/dialog';", crosses: true, why: 'workers → ui' },
  {
    file: 'src/main.tsx',
    code: "import { x } from './workers/parse-worker-jobs';",
    crosses: false,
    why: 'the entry → workers',
  },
];

describe('layer boundaries (boundaries/layers)', () => {
  it.each(CASES)('$why: $crosses', async ({ file, code, crosses }) => {
    const found = await crossings(file, code);
    if (crosses) expect(found).toHaveLength(1);
    else expect(found).toEqual([]);
  });

  it('names the rule broken', async () => {
    const [message] = await crossings('src/api/probe.ts', "import { x } from '../ui/dialog';");
    expect(message).toMatch(/^src\/api is the bottom of the app.*\(\.\.\/ui\/dialog\)$/);
  });

  it('lets mocks/ import types from src/ but not code', async () => {
    expect(
      await crossings('mocks/handlers/probe.ts', "import { DAY_MS } from '../../src/domain/time';", strict),
    ).toHaveLength(1);
    expect(
      await crossings(
        'mocks/handlers/probe.ts',
        "import type { ImageType } from '../../src/domain/volcanoes';",
        strict,
      ),
    ).toEqual([]);
    expect(await crossings('mocks/handlers/probe.ts', "import { prng } from '../data/prng';", strict)).toEqual([]);
  });
});
