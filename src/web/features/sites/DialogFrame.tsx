import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Mantine's Modal with its header as a <div>: Mantine renders a <header>, which outside any
 * sectioning element is a second 'banner' landmark while the dialog is open. The close button is
 * named, which Mantine's is not.
 */
export function DialogFrame({ title, children, ...root }: Omit<ModalRootProps, 'children' | 'title'> & { title: ReactNode; children: ReactNode }) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
