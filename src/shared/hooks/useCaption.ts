import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { captionIn, captionLanguageOf, type Captioned } from '../../../contract';

/**
 * The caption of a table, column or relation in the UI's language (its own caption for that
 * language, else `caption`, else another language's, else its name).
 */
export const useCaption = () => {
  const { i18n } = useTranslation();
  const language = captionLanguageOf(i18n.language);
  return useCallback((item: Captioned) => captionIn(item, language), [language]);
};
