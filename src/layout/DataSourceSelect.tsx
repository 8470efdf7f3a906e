import { DatabaseOutlined } from '@ant-design/icons';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentDataSource, useDataSources } from '../store/useCurrentDataSource';
import { useWellKnownNames } from '../common/hooks/useCaption';

/** The data-source selector: choosing one opens its home page and is remembered. */
export const DataSourceSelect = () => {
  const { t } = useTranslation();
  const dataSources = useDataSources();
  const { dataSource, select } = useCurrentDataSource();
  const names = useWellKnownNames();
  const known = dataSources.some((ds) => ds.name === dataSource);
  const options = [
    ...dataSources.map((ds) => ({ value: ds.name, label: names.dataSource(ds), title: ds.name })),
    ...(known ? [] : [{ value: dataSource, label: dataSource, title: dataSource }]),
  ];
  return (
    <Space size={6}>
      <DatabaseOutlined aria-hidden style={{ opacity: 0.65 }} />
      <Select
        aria-label={t('header.dataSource')}
        variant="borderless"
        value={dataSource}
        options={options}
        popupMatchSelectWidth={false}
        style={{ minWidth: 120 }}
        onChange={(name: string) => select(name)}
      />
    </Space>
  );
};
