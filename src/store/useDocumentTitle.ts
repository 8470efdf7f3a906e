import { useEffect } from 'react';
import { useAppConfig } from './useAppConfig';

/** Sets `document.title` to "<title> | <appName>", or the app name alone. */
export const useDocumentTitle = (title?: string) => {
  const { appName } = useAppConfig();
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);
};
