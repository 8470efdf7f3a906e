import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import {
  HistoryRetentionControl,
  type HistoryRetentionValue,
} from '../../../src/designer/components/HistoryRetentionControl';
import { buildTablePayload } from '../../../src/designer/lib/table-payload';
import { newTableDraft } from '../../../src/designer/lib/table-draft';
import { validateTable } from '../../../src/designer/lib/table-validation';
import { renderWithRefine } from '../../helpers/renderWithRefine';

/** The control over a state of its own; `seen` gets every value it reports. */
const Harness = ({ start, seen }: { start: HistoryRetentionValue; seen: HistoryRetentionValue[] }) => {
  const [value, setValue] = useState(start);
  return (
    <HistoryRetentionControl
      id="history"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
};

const choose = (label: string) => {
  fireEvent.mouseDown(document.querySelector('#history') as HTMLElement);
  const option = screen
    .getAllByText(label)
    .find((element) => element.closest('.ant-select-item-option') !== null) as HTMLElement;
  fireEvent.click(option);
};

describe('HistoryRetentionControl', () => {
  it('shows 开启 with no count, and offers the four settings', () => {
    const seen: HistoryRetentionValue[] = [];
    renderWithRefine(<Harness start={{ historyMode: 'on', historyKeep: null }} seen={seen} />);
    expect(screen.getByText('开启')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    fireEvent.mouseDown(document.querySelector('#history') as HTMLElement);
    for (const label of ['关闭', '保留 N 天', '每条记录保留 N 个版本']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
  });

  it('asks for the days when 保留 N 天 is chosen, starting from a year, and sends what is typed', () => {
    const seen: HistoryRetentionValue[] = [];
    renderWithRefine(<Harness start={{ historyMode: 'on', historyKeep: null }} seen={seen} />);
    choose('保留 N 天');
    expect(seen.at(-1)).toEqual({ historyMode: 'days', historyKeep: 365 });
    const days = screen.getByRole('spinbutton', { name: '保留天数' });
    expect(screen.getByText('天')).toBeInTheDocument();
    fireEvent.change(days, { target: { value: '30' } });
    expect(seen.at(-1)).toEqual({ historyMode: 'days', historyKeep: 30 });
  });

  it('switches to revisions per record with a count of its own, and off drops the count', () => {
    const seen: HistoryRetentionValue[] = [];
    renderWithRefine(<Harness start={{ historyMode: 'days', historyKeep: 30 }} seen={seen} />);
    choose('每条记录保留 N 个版本');
    expect(seen.at(-1)).toEqual({ historyMode: 'revisions', historyKeep: 50 });
    expect(screen.getByRole('spinbutton', { name: '每条记录保留的版本数' })).toBeInTheDocument();
    choose('关闭');
    expect(seen.at(-1)).toEqual({ historyMode: 'off', historyKeep: null });
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});

describe('the history setting in the table draft', () => {
  it('is on by default, is checked against its bounds, and is sent with the table', () => {
    const draft = newTableDraft();
    expect(draft).toMatchObject({ historyMode: 'on', historyKeep: null });
    expect(validateTable(draft).historyKeep).toBeUndefined();
    expect(validateTable({ ...draft, historyMode: 'days', historyKeep: 0 }).historyKeep).toEqual({
      key: 'historyKeepDays',
      params: { min: 1, max: 36500 },
    });
    expect(validateTable({ ...draft, historyMode: 'revisions', historyKeep: 100001 }).historyKeep?.key).toBe(
      'historyKeepRevisions',
    );
    expect(validateTable({ ...draft, historyMode: 'revisions', historyKeep: null }).historyKeep?.key).toBe(
      'required',
    );
    const payload = buildTablePayload({ ...draft, historyMode: 'days', historyKeep: 90 }, { isNew: true });
    expect(payload).toMatchObject({ historyMode: 'days', historyKeep: 90 });
    expect(
      buildTablePayload({ ...draft, historyMode: 'off', historyKeep: 90 }, { isNew: true }),
    ).toMatchObject({
      historyMode: 'off',
      historyKeep: null,
    });
  });
});
