import { Modal, Table } from '@mantine/core';
import { shortcutHelp } from '../../floorplan/engine/commands.js';

/** The shortcut help, from the same command table as the toolbar and the keyboard. */
export function ShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table striped>
        <Table.Thead>
          <Table.Tr><Table.Th>Keys</Table.Th><Table.Th>Command</Table.Th><Table.Th>Group</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcutHelp().map((row) => (
            <Table.Tr key={row.keys}>
              <Table.Td><kbd>{row.keys}</kbd></Table.Td>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>{row.group}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr><Table.Td><kbd>Enter</kbd></Table.Td><Table.Td>On a focused desk: edit the desk</Table.Td><Table.Td>Desks</Table.Td></Table.Tr>
          <Table.Tr><Table.Td><kbd>Arrows</kbd></Table.Td><Table.Td>On a focused desk: go to the next desk that way</Table.Td><Table.Td>Desks</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
