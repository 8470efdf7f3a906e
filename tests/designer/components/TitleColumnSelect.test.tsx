import { screen } from '@testing-library/react';
import type { Column } from '../../../contract';
import { TitleColumnSelect } from '../../../src/designer/components/TitleColumnSelect';
import { renderWithRefine } from '../../helpers/renderWithRefine';

const text = (id: number, name: string, displayOrder?: number): Column => ({
  id,
  name,
  caption: name,
  dataType: 'VARCHAR',
  ...(displayOrder === undefined ? {} : { displayOrder }),
});

describe('TitleColumnSelect', () => {
  it('names the first text column of the grid as the automatic one, a column just added included', () => {
    const key: Column = { id: 1, name: '编号', caption: '编号', dataType: 'INT', displayOrder: 0 };
    // A new column has no stored display order; in the designer its place in the grid counts.
    renderWithRefine(
      <TitleColumnSelect
        columns={[key, text(2, '名称', 1), text(0, 'memo')]}
        value={null}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('自动：名称')).toBeInTheDocument();
  });

  it('says the key names the records when no column can', () => {
    const key: Column = { id: 1, name: 'id', caption: '编号', dataType: 'BIGINT' };
    renderWithRefine(<TitleColumnSelect columns={[key]} value={null} onChange={() => {}} />);
    expect(screen.getByText('自动：主键')).toBeInTheDocument();
  });
});
