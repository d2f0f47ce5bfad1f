/**
 * `floors/imports`: the layout of ARCHITECTURE.md held by lint. A part of the tree is cut into
 * elements (app, features/*, entities/*, modules/* …); each element type lists the types it may
 * import. It resolves relative and aliased specifiers to files, so `../../other-feature/x` is
 * caught as surely as `@/features/other-feature/x`. Specifiers of packages are not its business.
 *
 * Options (one object):
 *   base      folder the element patterns are read under, relative to the ESLint working folder
 *             (the repository root), e.g. 'apps/web/src'.
 *   aliases   specifier prefix → folder relative to the working folder, e.g. { '@/': 'apps/web/src/' }.
 *   elements  [{ type, pattern, face? }], the first match wins. A pattern is a path under base whose
 *             segments may be '*', which names the instance ('features/*' → each feature), or a
 *             file ('main.ts'). `face: true` lets other instances import only the element's
 *             index file (its face), never its inside.
 *   allow     { type: [allowed, …] }: an allowed entry is a type (any instance, through its face
 *             when it has one) or 'type:same' (only its own instance). An element may always import
 *             from itself. A type missing from allow may import nothing of the other elements.
 *
 * Files that are in no element, and imports that land in no element, are left alone.
 */
import path from 'node:path';

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

const withoutExtension = (name) => name.replace(SOURCE_EXTENSION, '');

function matchElement(relativePath, elements) {
  const segments = relativePath.split('/');
  for (const element of elements) {
    const patternSegments = element.pattern.split('/');
    if (segments.length < patternSegments.length) continue;
    const matches = patternSegments.every(
      (part, i) => part === '*' || withoutExtension(part) === withoutExtension(segments[i]),
    );
    if (!matches) continue;
    const instance = segments.slice(0, patternSegments.length).join('/');
    const inside = segments.slice(patternSegments.length).join('/');
    return { ...element, instance, inside: withoutExtension(inside) };
  }
  return null;
}

function resolveSpecifier(specifier, filename, cwd, aliases) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(filename), specifier);
  for (const [prefix, folder] of Object.entries(aliases ?? {})) {
    if (specifier.startsWith(prefix))
      return path.resolve(cwd, folder, specifier.slice(prefix.length));
  }
  return null;
}

function isFace(target) {
  return target.inside === '' || target.inside === 'index';
}

/** Why importing `target` from `from` breaks the floors, or null when it is allowed. */
function whyRefused(from, target, allow) {
  if (from.instance === target.instance) return null;
  const allowed = allow[from.type] ?? [];
  if (allowed.includes(target.type)) {
    if (target.face && !isFace(target)) {
      return `import ${target.instance} through its face (${target.instance}/index), not its inside`;
    }
    return null;
  }
  if (allowed.includes(`${target.type}:same`)) {
    return `${from.instance} may import only its own ${target.type}, not ${target.instance}`;
  }
  const may = allowed.length ? allowed.join(', ') : 'no other element';
  return `${from.instance} (${from.type}) may not import ${target.instance} (${target.type}); a ${from.type} may import: ${may}`;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the floors of ARCHITECTURE.md' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: { refused: 'Import across the floors: {{why}}.' },
  },
  create(context) {
    const { base, aliases, elements, allow } = context.options[0];
    const cwd = context.cwd;
    const baseFolder = path.resolve(cwd, base);
    const relativeToBase = (file) => {
      const relative = path.relative(baseFolder, file);
      return relative.startsWith('..') || path.isAbsolute(relative)
        ? null
        : relative.split(path.sep).join('/');
    };
    const fromPath = relativeToBase(context.filename);
    const from = fromPath === null ? null : matchElement(fromPath, elements);
    if (!from) return {};

    function check(sourceNode) {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const resolved = resolveSpecifier(sourceNode.value, context.filename, cwd, aliases);
      if (!resolved) return;
      const targetPath = relativeToBase(resolved);
      const target = targetPath === null ? null : matchElement(targetPath, elements);
      if (!target) return;
      const why = whyRefused(from, target, allow);
      if (why) context.report({ node: sourceNode, messageId: 'refused', data: { why } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { imports: importsRule } };
