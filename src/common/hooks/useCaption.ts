import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { captionIn, captionLanguageOf, type CaptionLanguage, type Captioned } from '../../../contract';
import { dataSourceCaption, namedUserName, userDisplayName } from '../lib/well-known-names';

/** The caption language of the current UI language (`en-US` or `zh-CN`); follows a switch. */
export const useCaptionLanguage = (): CaptionLanguage => {
  const { i18n } = useTranslation();
  return captionLanguageOf(i18n.language);
};

/**
 * How a table, column or relation reads in the current UI language (`captionIn`): the caption
 * given for the language, else the default caption, else the other language's, else the name.
 */
export const useCaption = (): ((item: Captioned) => string) => {
  const language = useCaptionLanguage();
  return useCallback((item: Captioned) => captionIn(item, language), [language]);
};

/** The data source's caption and the user's display name in the UI language (seeded defaults translated). */
export const useWellKnownNames = () => {
  const language = useCaptionLanguage();
  return {
    dataSource: useCallback(
      (dataSource: { name: string; caption?: string | null }) => dataSourceCaption(dataSource, language),
      [language],
    ),
    user: useCallback(
      (user: { username?: string | null; realname?: string | null } | null | undefined) =>
        userDisplayName(user, language),
      [language],
    ),
    /** A name a record gives one of its users (`$userNames`). */
    userName: useCallback((name: string) => namedUserName(name, language), [language]),
  };
};
