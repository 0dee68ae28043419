import { REPORT_SORT_FIELDS } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Options, Select } from '@/components/ui/select';
import type { SortField, SortOrder } from '../utils/search';

export interface SortControlsProps {
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort: (sortBy: SortField, sortOrder: SortOrder) => void;
}

/**
 * The sort on a phone, where the table is a list of cards and its header row (with the sortable columns) is
 * not shown. From md the column headers sort, and this is hidden.
 */
export function SortControls({ sortBy, sortOrder, onSort }: SortControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 grid grid-cols-2 gap-3 md:hidden">
      <div className="space-y-1.5">
        <Label htmlFor="report-sort-by">{t('reports.sort.label')}</Label>
        <Select
          id="report-sort-by"
          value={sortBy}
          onChange={(event) => onSort(event.target.value as SortField, sortOrder)}
        >
          <Options items={REPORT_SORT_FIELDS} text={(field) => t(`reports.sort.fields.${field}`)} />
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="report-sort-order">{t('reports.sort.order')}</Label>
        <Select
          id="report-sort-order"
          value={sortOrder}
          onChange={(event) => onSort(sortBy, event.target.value as SortOrder)}
        >
          <option value="desc">{t('reports.sort.descending')}</option>
          <option value="asc">{t('reports.sort.ascending')}</option>
        </Select>
      </div>
    </div>
  );
}
