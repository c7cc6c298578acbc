import type { EventType } from '../../api/platform';
import type { SortDir, SortKey } from './activity-params';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'code', label: 'Code' },
  { key: 'value', label: 'Event type' },
  { key: 'objectTypeName', label: 'Object type' },
  { key: 'moduleName', label: 'Module' },
];

interface Props {
  rows: readonly EventType[];
  sort: SortKey;
  dir: SortDir;
  onSort: (key: SortKey, dir: SortDir) => void;
}

export function EventTypesTable({ rows, sort, dir, onSort }: Props) {
  return (
    <div className="activity-table-wrap">
      <table className="activity-table">
        <caption className="visually-hidden">
          Event types, sorted by {COLUMNS.find((c) => c.key === sort)?.label}
        </caption>
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
                    {c.label}
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
              <td>{r.value}</td>
              <td>{r.objectTypeName}</td>
              <td>{r.moduleName}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
