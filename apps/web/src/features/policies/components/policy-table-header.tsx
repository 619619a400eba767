import { TableHead, Th } from '@/components/ui/table';

/** A column's heading, and the heading of the value shown on its second line (policy-cells.tsx). */
export interface PolicyColumn {
  label: string;
  secondLine?: string;
}

/**
 * The head of the list and tracking tables: headings wrap (the columns are sized by their
 * contents, not by long uppercase words), each with its second line's heading under it.
 */
export function PolicyTableHeader({ columns }: { columns: readonly PolicyColumn[] }) {
  return (
    <TableHead>
      <tr>
        {columns.map((column) => (
          <Th key={column.label} className="px-3 align-bottom whitespace-normal">
            {column.label}
            {column.secondLine ? <span className="block font-normal tracking-normal normal-case">{column.secondLine}</span> : null}
          </Th>
        ))}
      </tr>
    </TableHead>
  );
}

