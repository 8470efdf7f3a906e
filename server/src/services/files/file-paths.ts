import { join } from 'node:path';

/** Where uploads live under the data directory. */
export interface FilePaths {
  /** Stored files, by their random names. */
  root: string;
  /** Big uploads in progress: `partial/<md5>/` holds the manifest, the `data` file and chunk markers. */
  partial: string;
  /** Files being received or assembled, renamed into place when complete. */
  incoming: string;
}

export const filePathsOf = (dataDir: string): FilePaths => {
  const root = join(dataDir, 'files');
  return { root, partial: join(root, 'partial'), incoming: join(root, 'incoming') };
};
