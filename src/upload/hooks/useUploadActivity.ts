import { createContext, useContext, useEffect, useMemo, useState } from 'react';

/** What a form offers its uploads: `begin` marks one as running and returns the call that ends it. */
export interface UploadActivity {
  begin: () => () => void;
}

/** Provided by a record form; an attachment input inside it reports while it prepares or uploads a file. */
export const UploadActivityContext = createContext<UploadActivity | undefined>(undefined);

/** Counts the uploads running inside a form; `uploading` holds while at least one runs. */
export const useUploadTracker = (): { uploading: boolean; activity: UploadActivity } => {
  const [running, setRunning] = useState(0);
  const activity = useMemo<UploadActivity>(
    () => ({
      begin: () => {
        setRunning((count) => count + 1);
        let ended = false;
        return () => {
          if (ended) return;
          ended = true;
          setRunning((count) => count - 1);
        };
      },
    }),
    [],
  );
  return { uploading: running > 0, activity };
};

/**
 * Reports `busy` to the enclosing form, if any: the upload counts from when it becomes busy until it
 * is no longer busy (finished or failed) or the upload leaves the page.
 */
export const useReportUpload = (busy: boolean): void => {
  const activity = useContext(UploadActivityContext);
  useEffect(() => {
    if (!busy || !activity) return;
    return activity.begin();
  }, [busy, activity]);
};
