import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { keywordScans } from '../lib/business-filters';
import { BusinessFilters } from './BusinessFilters';

/** A business list's keyword and filters (`BusinessFilters` over the list's own state). */
export const BusinessListFilters = () => {
  const { list, meta, table } = useBusinessListContext();
  return (
    <BusinessFilters
      fields={list.fields}
      relatedTables={meta.relatedTables}
      keyword={list.keyword}
      keywordScans={keywordScans(table)}
      values={list.values}
      onKeywordChange={list.setKeyword}
      onValuesChange={list.setValues}
      onQuery={list.submit}
      onReset={list.reset}
    />
  );
};
