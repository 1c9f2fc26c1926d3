/**
 * Settings for `npm run analyze` (@custom-elements-manifest/analyzer), which
 * writes custom-elements.json from the element's JSDoc. The manifest is what
 * IDEs, Storybook and framework wrappers read, so it describes the public
 * surface only, and points at the files the package ships.
 */
import { posix } from 'node:path';
import { tsImport } from 'tsx/esm/api';

// The element's attributes come from the one settings table, which `static properties` is derived from.
const { SETTINGS } = await tsImport('./src/channel/settings.ts', import.meta.url);

export default {
  litelement: true,
  // index.ts, pix.ts and checkout.ts hold the customElements.define() calls that give the tag names.
  globs: [
    'src/element/pay-card-form.ts',
    'src/index.ts',
    'src/pix-qr/pay-pix-qr.ts',
    'src/pix.ts',
    'src/checkout/pay-checkout.ts',
    'src/checkout.ts',
  ],
  outdir: '.',
  // package.json's `customElements` field is written by hand; the analyzer would rewrite it on every run.
  packagejson: false,
  plugins: [settingsTable(), publicSurfaceOnly()],
};

/**
 * `<pay-card-form>`'s attributes, from the settings table its reactive
 * properties are derived from: the analyzer reads `static properties` only
 * when it is written out literally. Each attribute takes its field's
 * description, and each field its attribute and default.
 * @returns {import('@custom-elements-manifest/analyzer').Plugin}
 */
function settingsTable() {
  return {
    name: 'pay-settings-table',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class' || decl.name !== 'PayCardForm') continue;
          const fields = new Map((decl.members ?? []).map((member) => [member.name, member]));
          decl.attributes = Object.entries(SETTINGS)
            .filter(([, row]) => row.attribute)
            .map(([name, row]) => {
              const field = fields.get(name);
              const fallback = JSON.stringify(row.default);
              if (field) Object.assign(field, { attribute: row.attribute, default: fallback, ...(row.reflect ? { reflects: true } : {}) });
              return {
                name: row.attribute,
                fieldName: name,
                ...(field?.type ? { type: field.type } : {}),
                default: fallback,
                description: field?.description,
              };
            });
        }
      }
    },
  };
}

/** @returns {import('@custom-elements-manifest/analyzer').Plugin} */
function publicSurfaceOnly() {
  const hidden = (member) => member.privacy === 'private' || member.privacy === 'protected' || /^[#_]/.test(member.name);
  return {
    name: 'pay-public-surface-only',
    packageLinkPhase({ customElementsManifest }) {
      const classes = new Map();
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) if (decl.kind === 'class') classes.set(decl.name, toDist(mod.path, '.'));
      }
      for (const mod of customElementsManifest.modules) {
        const from = mod.path;
        // Consumers import the compiled files, not the TypeScript sources.
        mod.path = toDist(mod.path, '.');
        for (const ref of mod.exports ?? []) {
          const target = ref.declaration;
          if (!target?.module) continue;
          // A re-exported class points at the module that declares it.
          target.module = classes.get(target.name) ?? toDist(target.module, from);
        }
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class') continue;
          const privateFields = new Set((decl.members ?? []).filter(hidden).map((m) => m.name));
          // Lit's internal reactive state (`state: true`) is not an attribute a page can set.
          decl.attributes = decl.attributes?.filter((a) => !privateFields.has(a.fieldName));
          decl.members = decl.members?.filter((m) => !hidden(m));
        }
      }
    },
  };
}

/** `src/x.ts`, `/src/x.js` or `./x.js` (relative to `from`) as the package path `dist/x.js`. */
function toDist(path, from) {
  const resolved = path.startsWith('.') ? posix.join(posix.dirname(from), path) : path.replace(/^\//, '');
  return resolved.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
}
