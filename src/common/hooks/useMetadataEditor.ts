import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HttpError } from '../lib/http-error';
import type { Issues } from '../lib/name-rules';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useInvalidateMetadata } from './useInvalidateMetadata';
import { useIssueText } from './useIssueText';
import type { MetadataResource } from './useMetadataRecord';
import { useMetadataSave } from './useMetadataSave';

/** A metadata kind's form screens: which resource, their titles, and the list they belong to. */
export interface MetadataFormScreen {
  resource: Exclude<MetadataResource, 'tables'>;
  /** Translation keys: the title of a new record's screen, of a stored one's, and of the list. */
  titles: { create: string; edit: string; list: string };
  /** The list's route in a data source (breadcrumb, 取消, and where a save leads). */
  listPath: (dataSource: string) => string;
}

/** A metadata kind's form rules: pure functions of its draft, from the feature's own rules module. */
export interface MetadataEditorRules<T, D> {
  newDraft: () => D;
  toDraft: (stored: T) => D;
  /** The draft's issues; keep it stable (useCallback) when it reads more than the draft. */
  validate: (draft: D) => Issues;
  toPayload: (draft: D) => Partial<T>;
  /** A change of some inputs applied to the draft (default: the changed fields replace theirs). */
  patch?: (draft: D, patch: Partial<D>) => D;
  /** A refused save's field errors, keyed as the form names its inputs (default: as sent). */
  serverErrors?: (errors: Record<string, string> | undefined) => Record<string, string>;
  /** The key of the save-failure notice, so a second failure replaces the first. */
  noticeKey: string;
}

const mergePatch = <D>(draft: D, patch: Partial<D>): D => ({ ...draft, ...patch });
const asSent = (errors: Record<string, string> | undefined) => errors ?? {};

/**
 * The controller of a sequence or relation form: the draft (a new one, or the stored record's),
 * its checks (an empty required field counts only once a save was tried), the server's field
 * errors (a changed input forgets its own), and the save through Refine (`useMetadataSave`):
 * 创建成功 / 更新成功, the resource refreshed, back to the list; a refusal keeps the draft and shows
 * the server's message.
 */
export const useMetadataEditor = <T extends { id?: number }, D extends object>(
  screen: MetadataFormScreen,
  stored: T | undefined,
  rules: MetadataEditorRules<T, D>,
) => {
  const isNew = stored?.id === undefined;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const listPath = screen.listPath(dataSource);
  const invalidate = useInvalidateMetadata();
  const saveRecord = useMetadataSave<T>(screen.resource);
  const { texts } = useIssueText();
  const [draft, setDraft] = useState<D>(() => (stored ? rules.toDraft(stored) : rules.newDraft()));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const { validate } = rules;
  const issues = useMemo(() => validate(draft), [draft, validate]);
  const shown = attempted
    ? issues
    : Object.fromEntries(Object.entries(issues).filter(([, i]) => i.key !== 'required'));
  const errors = { ...serverErrors, ...texts(shown) };

  const save = async () => {
    setAttempted(true);
    if (Object.keys(issues).length > 0 || saving) return;
    setSaving(true);
    try {
      const payload = rules.toPayload(draft);
      await saveRecord(payload, isNew ? undefined : (stored.id as number));
      void message.success(isNew ? t('designer.createSuccess') : t('designer.updateSuccess'));
      await invalidate(screen.resource);
      void navigate(listPath);
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setServerErrors((rules.serverErrors ?? asSent)(failure.errors));
      void message.error({ content: failure.message || t('designer.saveFailed'), key: rules.noticeKey });
    } finally {
      setSaving(false);
    }
  };

  const change = (patch: Partial<D>) => {
    const apply = rules.patch ?? mergePatch;
    setDraft((current) => apply(current, patch));
    setServerErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field];
      return next;
    });
  };

  return {
    isNew,
    draft,
    /** What each input shows: the server's error, replaced by the draft's own issue if any. */
    errors,
    /** The last refused save's field errors (the form may show those it has no input for). */
    serverErrors,
    saving,
    listPath,
    /** Saves (Enter in an input, 保存). */
    submit: () => void save(),
    change,
  };
};

export type MetadataEditor<D> = ReturnType<typeof useMetadataEditor<{ id?: number }, D & object>>;
