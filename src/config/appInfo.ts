import { description, version } from '../../package.json';

/** Product name, version and description (from package.json). */
export const appInfo = {
  name: 'crudboard',
  version,
  description,
} as const;
