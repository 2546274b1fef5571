import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { Skeleton } from '~/components/ui/skeleton';
import { TablePager } from './table-pager';
import { TableToolbar } from './table-toolbar';
import { TableView } from './table-view';

/** SPEC §9: five rows a page to begin with. */
const firstPageSize = 5;

/** The hidden id column gives every table the default order of SPEC §2: newest (highest id) first. */
const idColumn = {
  id: 'id',
  accessorKey: 'id',
  enableGlobalFilter: false,
} as const;

/**
 * The one list screen of the app (SPEC §2 behaviours): a search box, sortable headers, newest first, and a
 * pager with a page-size choice; `empty` shows when there are no rows at all.
 */
export function DataTable<T extends { id: number }>({
  data,
  columns,
  label,
  empty,
}: {
  data: T[];
  columns: ColumnDef<T>[];
  label: string;
  empty: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const table = useReactTable<T>({
    data,
    columns: [idColumn as ColumnDef<T>, ...columns],
    initialState: {
      sorting: [{ id: 'id', desc: true }],
      columnVisibility: { id: false },
      pagination: { pageIndex: 0, pageSize: firstPageSize },
    },
    state: { globalFilter: search },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  if (!data.length) return <>{empty}</>;
  return (
    // One minmax(0, 1fr) column: a wide table scrolls inside its frame instead of widening the page on a phone.
    <div className="grid grid-cols-1 gap-3">
      <TableToolbar search={search} onSearch={setSearch} />
      <TableView table={table} label={label} />
      <TablePager table={table} />
    </div>
  );
}

/** What shows while a client-side navigation loads a list. */
export function TableSkeleton() {
  return (
    <div className="grid gap-3" data-testid="table-skeleton">
      <Skeleton className="h-9 w-full max-w-xs" />
      {Array.from({ length: firstPageSize }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
