import { Table, Text } from '@mantine/core';
import { fieldLabel, isPlainObject, scalarText, tableColumns } from '../model';

// Detail objects the spec does not describe (melody, phonetic, video) are shown as the data they
// are: every field, nested lists as tables, never dropped and never interpreted. Values render as text.

const MAX_DEPTH = 3;

function Value({ value, depth }: { value: unknown; depth: number }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <Text size="sm">none</Text>;
    if (depth < MAX_DEPTH && value.every(isPlainObject)) return <RowsTable rows={value} depth={depth + 1} />;
    return <Text size="sm">{value.map((item) => (isPlainObject(item) || Array.isArray(item) ? JSON.stringify(item) : scalarText(item))).join(', ')}</Text>;
  }
  if (isPlainObject(value)) {
    if (depth < MAX_DEPTH) return <FieldsTable fields={Object.entries(value)} depth={depth + 1} />;
    return <Text size="sm">{JSON.stringify(value)}</Text>;
  }
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {scalarText(value)}
    </Text>
  );
}

function RowsTable({ rows, depth }: { rows: readonly Record<string, unknown>[]; depth: number }) {
  const columns = tableColumns(rows);
  return (
    <Table.ScrollContainer minWidth={columns.length * 110}>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{fieldLabel(column)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column}>{column in row ? <Value value={row[column]} depth={depth} /> : <Text size="sm">—</Text>}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FieldsTable({ fields, depth, label }: { fields: readonly [string, unknown][]; depth: number; label?: string }) {
  return (
    <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={label}>
      <Table.Tbody>
        {fields.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" w={180} style={{ verticalAlign: 'top' }}>
              {fieldLabel(key)}
            </Table.Th>
            <Table.Td>
              <Value value={value} depth={depth} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A key/value table of whatever fields arrived. */
export function DataView({ fields, label }: { fields: readonly [string, unknown][]; label: string }) {
  if (fields.length === 0) return null;
  return <FieldsTable fields={fields} depth={0} label={label} />;
}
