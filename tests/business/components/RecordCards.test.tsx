import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { CardSort } from '../../../src/business/components/CardSort';
import { RecordCards } from '../../../src/business/components/RecordCards';
import type { BusinessRecord } from '../../../src/business/lib/business-record';

const records: BusinessRecord[] = [
  { id: 1, name: '三体' },
  { id: 2, name: '活着' },
];

const SelectableCards = ({ onChange }: { onChange: (keys: string[]) => void }) => {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <MemoryRouter>
      <RecordCards
        records={records}
        keyOf={(record) => String(record.id)}
        titleOf={(record) => String(record.name)}
        fields={[]}
        linkOf={(record) => ({ to: `/book/${String(record.id)}` })}
        actionsOf={() => null}
        loading={false}
        empty={null}
        selection={{
          isSelected: (key) => selected.includes(key),
          onToggle: (record, on) => {
            const key = String(record.id);
            const next = on ? [...selected, key] : selected.filter((other) => other !== key);
            setSelected(next);
            onChange(next);
          },
        }}
      />
    </MemoryRouter>
  );
};

describe('RecordCards', () => {
  it('selects and unselects a card with its check box, without opening the record', () => {
    const changes: string[][] = [];
    render(<SelectableCards onChange={(keys) => changes.push(keys)} />);
    const box = screen.getByRole('checkbox', { name: '选择 活着' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 三体' }));
    fireEvent.click(box);
    expect(changes).toEqual([['2'], ['2', '1'], ['1']]);
    expect(screen.getByRole('link', { name: '打开 三体' })).toHaveAttribute('href', '/book/1');
  });

  it('has no check boxes when the list cannot select', () => {
    render(
      <MemoryRouter>
        <RecordCards
          records={records}
          keyOf={(record) => String(record.id)}
          titleOf={(record) => String(record.name)}
          fields={[]}
          actionsOf={() => null}
          loading={false}
          empty={null}
        />
      </MemoryRouter>,
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a card without fields as its heading alone, and one with fields with its body', () => {
    const cards = (fields: { key: string; title: string; render: (value: unknown) => string }[]) =>
      render(
        <MemoryRouter>
          <RecordCards
            records={records.slice(0, 1)}
            keyOf={(record) => String(record.id)}
            titleOf={(record) => String(record.name)}
            fields={fields}
            actionsOf={() => null}
            loading={false}
            empty={null}
          />
        </MemoryRouter>,
      );
    const bare = cards([]);
    expect(bare.container.querySelector('.ant-card-body')).not.toBeVisible();
    bare.unmount();
    cards([{ key: 'name', title: '名称', render: (value) => String(value) }]);
    expect(screen.getByText('名称')).toBeVisible();
  });
});

describe('CardSort', () => {
  const options = [
    { value: 'name', label: '名称' },
    { value: 'price', label: '价格' },
  ];

  it('turns the direction of the chosen column', () => {
    const calls: unknown[][] = [];
    render(<CardSort options={options} field="name" order="asc" onChange={(...args) => calls.push(args)} />);
    fireEvent.click(screen.getByRole('button', { name: '升序（点击改为降序）' }));
    expect(calls).toEqual([['name', 'desc']]);
  });

  it('sorts a newly chosen column ascending, and offers no direction before a column is chosen', () => {
    const calls: unknown[][] = [];
    render(
      <CardSort
        options={options}
        field={undefined}
        order={undefined}
        onChange={(...args) => calls.push(args)}
      />,
    );
    expect(screen.getByRole('button', { name: '升序（点击改为降序）' })).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '排序' }));
    fireEvent.click(screen.getByTitle('价格'));
    expect(calls).toEqual([['price', 'asc']]);
  });
});
