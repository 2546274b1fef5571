import type { UseQueryResult } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon, SearchIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { m } from '~/paraglide/messages';

const pageSizes = [5, 10, 25, 50];

/** The hidden id column gives every table the default order of SPEC §2: newest (highest id) first. */
const idColumn = {
  id: 'id',
  accessorKey: 'id',
  enableGlobalFilter: false,
} as const;

/**
 * The one list screen of the app (SPEC §2 behaviours): search, sortable headers, newest first,
 * 5 rows a page with a page-size choice and a pager; loading, failure and emptiness of the query included.
 */
export function DataTable<T extends { id: number }>({
  query,
  columns,
  label,
  empty,
}: {
  query: UseQueryResult<T[]>;
  columns: ColumnDef<T>[];
  /** Names the table for screen readers and tests. */
  label: string;
  empty: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.length) return <>{empty}</>;
  return <LoadedTable data={query.data} columns={columns} label={label} />;
}

function TableSkeleton() {
  return (
    <div className="grid gap-3" data-testid="table-skeleton">
      <Skeleton className="h-9 w-full max-w-xs" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

function LoadedTable<T extends { id: number }>({ data, columns, label }: { data: T[]; columns: ColumnDef<T>[]; label: string }) {
  const [search, setSearch] = useState('');
  const table = useReactTable<T>({
    data,
    columns: [idColumn as ColumnDef<T>, ...columns],
    initialState: {
      sorting: [{ id: 'id', desc: true }],
      columnVisibility: { id: false },
      pagination: { pageIndex: 0, pageSize: 5 },
    },
    state: { globalFilter: search },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const { pageIndex, pageSize } = table.getState().pagination;
  const total = table.getFilteredRowModel().rows.length;
  const rows = table.getRowModel().rows;

  return (
    // One minmax(0, 1fr) column: a wide table scrolls inside its frame instead of widening the page on a phone.
    <div className="grid grid-cols-1 gap-3">
      <div className="relative w-full sm:max-w-xs">
        <SearchIcon className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={m.admin_table_search()}
          aria-label={m.admin_table_search()}
          className="pl-8"
        />
      </div>
      <div className="rounded-xl border bg-card">
        <Table aria-label={label}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <TableHead key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <Button variant="ghost" size="sm" className="-ml-2 px-2" onClick={header.column.getToggleSortingHandler()}>
                          {title}
                          {sorted === 'asc' ? <ArrowUpIcon /> : sorted === 'desc' ? <ArrowDownIcon /> : <ArrowUpDownIcon className="opacity-40" />}
                        </Button>
                      ) : (
                        title
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                ))}
              </TableRow>
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={table.getVisibleLeafColumns().length} className="py-8 text-center text-muted-foreground">
                  {m.admin_table_no_matches()}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <span id="rows-per-page">{m.admin_table_rows_per_page()}</span>
          <Select value={String(pageSize)} onValueChange={(value) => table.setPageSize(Number(value))}>
            <SelectTrigger className="w-18" aria-labelledby="rows-per-page">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pageSizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-1">
          <span className="mr-2" aria-live="polite">
            {m.admin_table_range({
              from: total && pageIndex * pageSize + 1,
              to: Math.min(total, (pageIndex + 1) * pageSize),
              total,
            })}
          </span>
          <PagerButton label={m.admin_table_first()} disabled={!table.getCanPreviousPage()} onClick={() => table.firstPage()} icon={<ChevronsLeftIcon />} />
          <PagerButton
            label={m.admin_table_previous()}
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
            icon={<ChevronLeftIcon />}
          />
          <PagerButton label={m.admin_table_next()} disabled={!table.getCanNextPage()} onClick={() => table.nextPage()} icon={<ChevronRightIcon />} />
          <PagerButton label={m.admin_table_last()} disabled={!table.getCanNextPage()} onClick={() => table.lastPage()} icon={<ChevronsRightIcon />} />
        </div>
      </div>
    </div>
  );
}

function PagerButton({ label, disabled, onClick, icon }: { label: string; disabled: boolean; onClick: () => void; icon: ReactNode }) {
  return (
    <Button variant="outline" size="icon" className="size-8" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {icon}
    </Button>
  );
}
