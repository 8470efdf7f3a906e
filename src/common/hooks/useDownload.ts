import { useCallback } from 'react';
import { downloadHref } from '../lib/download-url';

/**
 * Saves a file the server made (its `/download/...` URL) as a click on a download link would: the
 * browser keeps the page and saves the file under the name the server gives it.
 */
export const startDownload = (url: string): void => {
  const link = document.createElement('a');
  link.href = downloadHref(url);
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
};

/** `startDownload` for a screen. */
export const useDownload = () => useCallback((url: string) => startDownload(url), []);
