// The layer boundaries of docs/architecture.md as one ESLint rule, `boundaries/layers`.
//
// Why a rule in the repository rather than a plugin: dependency-cruiser 18 needs Node 22 or newer
// (the project supports 20.19), and eslint-plugin-boundaries needs an import resolver package for
// TypeScript on top of itself. ESLint's own `no-restricted-imports` sees only the specifier as
// written, so `../imagery/x` means another feature from one folder and the same feature from a
// subfolder, and it ignores `import()`. This rule resolves every relative specifier against the
// importing file (static imports, `export … from`, `import()` with a literal) and judges the
// folders, so nested folders and lazy routes are covered alike. It needs nothing beyond ESLint.
import path from 'node:path';

/**
 * The element a project-relative path belongs to: `feature:<name>` for src/features/<name>/**,
 * the folder name for the other layers of src/ (`api`, `domain`, …), `src` for files directly in
 * src/ (main.tsx), `mocks`, or null outside these.
 */
export function elementOf(rel) {
  const parts = rel.split(/[\\/]/);
  if (parts[0] === 'mocks') return 'mocks';
  if (parts[0] !== 'src') return null;
  if (parts.length === 2) return 'src';
  if (parts[1] === 'features') return parts.length > 3 ? `feature:${parts[2]}` : 'features';
  return parts[1];
}

const isFeature = (el) => el === 'features' || (el?.startsWith('feature:') ?? false);

/**
 * What each element may not import, with the reason shown to whoever breaks it. `typeOnlyAllowed`
 * lets `import type` through (the mock may share the app's types, not its code).
 */
export const BOUNDARIES = [
  {
    from: (el) => el.startsWith('feature:'),
    disallow: (target, from) => isFeature(target) && target !== from,
    message:
      'Features never import each other (statically or with import()); move shared code to src/ui, src/chart, src/domain or src/api.',
  },
  {
    from: isFeature,
    disallow: (target) => target === 'app' || target === 'src',
    message: 'Imports flow shared → features → app: a feature never imports the app.',
  },
  {
    from: (el) => el === 'api',
    disallow: (target) =>
      ['stores', 'chart', 'ui', 'rsam', 'analysis', 'downloads', 'app', 'src'].includes(target) || isFeature(target),
    message: 'src/api is the bottom of the app: it imports nothing of stores, chart, ui, features or the app.',
  },
  {
    from: (el) => el === 'domain',
    disallow: (target) =>
      ['api', 'stores', 'chart', 'ui', 'rsam', 'analysis', 'downloads', 'app', 'config', 'src'].includes(target) ||
      isFeature(target),
    message: 'src/domain is plain reference data and time arithmetic: it imports none of the app’s layers.',
  },
  {
    from: (el) => ['ui', 'chart', 'rsam', 'analysis', 'downloads', 'stores', 'config'].includes(el),
    disallow: (target) => target === 'app' || target === 'src' || isFeature(target),
    message: 'Shared code sits below features and the app: it imports neither.',
  },
  {
    from: (el) => !['src', 'workers', 'test', 'mocks'].includes(el),
    disallow: (target) => target === 'workers',
    message:
      'src/workers holds the workers’ entries, which wire layers together (the API layer’s jobs with the chart’s): only src/main.tsx names them.',
  },
  {
    from: (el) => el === 'workers',
    disallow: (target) => ['stores', 'ui', 'app', 'src'].includes(target) || isFeature(target),
    message:
      'A worker has no DOM or React: src/workers runs the API layer’s and the chart’s jobs, never views or stores.',
  },
  {
    from: (el) => el === 'mocks',
    disallow: (target) => target !== null && target !== 'mocks',
    typeOnlyAllowed: true,
    message: 'mocks/ is an independent reading of the service: it may import types from src/, never its code.',
  },
];

/** Whether the declaration imports or re-exports types only (`import type`, `export type … from`). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specs = node.specifiers ?? [];
  return specs.length > 0 && specs.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** The literal text of an `import()` argument, or null when it is computed at run time. */
function literalSource(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer boundaries of docs/architecture.md' },
    schema: [
      {
        type: 'object',
        properties: { skip: { type: 'array', items: { type: 'string', enum: ['mocks'] } } },
        additionalProperties: false,
      },
    ],
    messages: { crossed: '{{message}} ({{specifier}})' },
  },
  create(context) {
    const cwd = context.cwd;
    const fileRel = path.relative(cwd, context.filename);
    const from = elementOf(fileRel);
    const skip = new Set(context.options[0]?.skip ?? []);
    if (!from || skip.has(from)) return {};
    const rules = BOUNDARIES.filter((b) => b.from(from));
    if (rules.length === 0) return {};

    function check(node, specifier, isTypeOnly) {
      if (!specifier || !specifier.startsWith('.')) return;
      const targetRel = path.relative(cwd, path.resolve(path.dirname(context.filename), specifier));
      const target = elementOf(targetRel);
      for (const rule of rules) {
        if (rule.typeOnlyAllowed && isTypeOnly) continue;
        if (rule.disallow(target, from)) {
          context.report({ node, messageId: 'crossed', data: { message: rule.message, specifier } });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, typeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, typeOnly(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => check(node.source, literalSource(node.source), false),
      TSImportType: (node) => {
        const arg = node.argument?.literal ?? node.argument;
        check(node, arg && literalSource(arg), true);
      },
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { layers } };
