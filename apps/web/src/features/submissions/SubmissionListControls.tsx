// The status filter and the sort above a list of submissions (the page and the engineer's tab).
import type { SubmissionFilter, SubmissionSort } from '@app/shared';
import { useId } from 'react';
import { FilterPills } from '../../components/FilterPills';
import { FILTER_OPTIONS } from './format';

export function SubmissionListControls({
  status,
  sort,
  onStatus,
  onSort,
  className = '',
}: {
  status: SubmissionFilter;
  sort: SubmissionSort;
  onStatus: (status: SubmissionFilter) => void;
  onSort: (sort: SubmissionSort) => void;
  className?: string;
}) {
  const sortId = useId();
  return (
    <div className={`flex flex-wrap items-start justify-between gap-x-4 ${className}`}>
      <FilterPills
        label="Filter submissions by status"
        options={FILTER_OPTIONS}
        value={status}
        onChange={onStatus}
      />
      <div className="mb-4 flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          Sort
        </label>
        <select
          id={sortId}
          className="input w-auto py-1.5"
          value={sort}
          onChange={(e) => onSort(e.target.value as SubmissionSort)}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </div>
    </div>
  );
}
