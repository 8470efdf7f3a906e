import type { Sequence } from '../../contract';
import { MetadataFormFrame, MetadataFormPage } from '../common/components/MetadataFormPage';
import {
  useMetadataEditor,
  type MetadataEditorRules,
  type MetadataFormScreen,
} from '../common/hooks/useMetadataEditor';
import { sequencePaths } from '../common/lib/metadata-paths';
import { SequenceForm } from './SequenceForm';
import {
  buildSequencePayload,
  newSequenceDraft,
  toSequenceDraft,
  validateSequence,
  type SequenceDraft,
} from './sequence-form';

const SCREEN: MetadataFormScreen = {
  resource: 'sequences',
  titles: { create: 'screens.sequenceNew', edit: 'screens.sequenceEdit', list: 'screens.sequences' },
  listPath: (dataSource) => sequencePaths(dataSource).list,
};

const RULES: MetadataEditorRules<Sequence, SequenceDraft> = {
  newDraft: newSequenceDraft,
  toDraft: toSequenceDraft,
  validate: validateSequence,
  toPayload: buildSequencePayload,
  noticeKey: 'sequence-errors',
};

const SequenceEditor = ({ stored }: { stored?: Sequence }) => {
  const form = useMetadataEditor(SCREEN, stored, RULES);
  return (
    <MetadataFormFrame screen={SCREEN} form={form} stored={stored}>
      <SequenceForm value={form.draft} errors={form.errors} onSubmit={form.submit} onChange={form.change} />
    </MetadataFormFrame>
  );
};

/** `metadata/sequences/new` and `metadata/sequences/:id`. */
export const SequenceFormPage = () => <MetadataFormPage screen={SCREEN} Editor={SequenceEditor} />;
