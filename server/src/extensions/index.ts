import type { ServerExtension } from './define-server-extension';
import * as enabled from './enabled';

/** The server extensions listed in `enabled.ts` (one line per extension folder). */
export const serverExtensions: readonly ServerExtension[] = Object.values(enabled);
