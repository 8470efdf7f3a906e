import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Issue, Issues } from '../lib/name-rules';

/** Turns the rule modules' issues into messages of the current language. */
export const useIssueText = () => {
  const { t } = useTranslation();
  const text = useCallback((issue: Issue) => t(`validation.${issue.key}`, issue.params ?? {}), [t]);
  const texts = useCallback(
    (issues: Issues): Record<string, string> =>
      Object.fromEntries(Object.entries(issues).map(([path, issue]) => [path, text(issue)])),
    [text],
  );
  return { text, texts };
};
