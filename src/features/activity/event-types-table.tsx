import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { EventType } from '../../api/platform';
import type { SortDir, SortKey } from './activity-params';

// Said when drawn (i18n._), in the language shown. The cells hold the service's values as sent.
const COLUMNS: { key: SortKey; label: ReturnType<typeof msg> }[] = [
  { key: 'code', label: msg`Code` },
  { key: 'value', label: msg`Event type` },
  { key: 'objectTypeName', label: msg`Object type` },
  { key: 'moduleName', label: msg`Module` },
];

interface Props {
  rows: readonly EventType[];
  sort: SortKey;
  dir: SortDir;
  onSort: (key: SortKey, dir: SortDir) => void;
}

export function EventTypesTable({ rows, sort, dir, onSort }: Props) {
  const { t, i18n } = useLingui();
  const sortedBy = i18n._(COLUMNS.find((c) => c.key === sort)!.label);
  return (
    <div className="activity-table-wrap">
      <table className="activity-table">
        <caption className="visually-hidden">{t`Event types, sorted by ${sortedBy}`}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => {
              const active = c.key === sort;
              return (
                <th key={c.key} scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <button
                    type="button"
                    className="activity-sort"
                    onClick={() => onSort(c.key, active && dir === 'asc' ? 'desc' : 'asc')}
                  >
                    {i18n._(c.label)}
                    <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.code}:${r.moduleName}:${r.objectTypeName}`}>
              <td className="activity-table__num">{r.code}</td>
              <td translate="no">{r.value}</td>
              <td translate="no">{r.objectTypeName}</td>
              <td translate="no">{r.moduleName}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
