import { Stack, Table, type TableProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { TitleWithHelp } from './title-with-help';

/** A column heading: its text, and whether the column's figures line up at the end. */
export type ListColumn = ReactNode | { label: ReactNode; end?: boolean };

interface ListTableProps extends Omit<TableProps, 'children'> {
  columns: ListColumn[];
  /** scroll sideways below this width instead of squeezing the columns */
  minWidth?: number;
  testId?: string;
  /** the rows (Table.Tr) */
  children: ReactNode;
}

function isColumn(c: ListColumn): c is { label: ReactNode; end?: boolean } {
  return typeof c === 'object' && c !== null && 'label' in c;
}

/** A table of rows under one heading row (the rows may hold inputs), scrolling sideways on a narrow screen when given a minWidth. */
export function ListTable({ columns, minWidth, testId, children, ...table }: ListTableProps) {
  const body = (
    <Table fz="sm" data-testid={testId} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) =>
            isColumn(c) ? (
              <Table.Th key={i} ta={c.end ? 'end' : undefined}>
                {c.label}
              </Table.Th>
            ) : (
              <Table.Th key={i}>{c}</Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth ? (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={SCROLLS_BY_KEYBOARD}>
      {body}
    </Table.ScrollContainer>
  ) : (
    body
  );
}

/** A table that scrolls sideways takes the focus, so that the arrow keys scroll it too (WCAG 2.1.1). */
export const SCROLLS_BY_KEYBOARD = { viewportProps: { tabIndex: 0 } };

/** A part of a page under its own level-2 heading (and a line of help), named by it for assistive technology. */
export function TitledSection({ title, help, testId, children }: { title: ReactNode; help?: ReactNode; testId?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={id} data-testid={testId}>
      <TitleWithHelp title={title} help={help} id={id} />
      {children}
    </Stack>
  );
}
