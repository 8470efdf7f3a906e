import { createExtensionRegistry, extensionsOf } from './createExtensionRegistry';

/**
 * Every web extension: each folder `src/extensions/<name>/` with an `index.ts` or `index.tsx`
 * exporting `default defineExtension({...})`, found at build time. Adding one needs no other file.
 */
export const extensionRegistry = createExtensionRegistry(
  extensionsOf(import.meta.glob(['./*/index.ts', './*/index.tsx'], { eager: true })),
);
