import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocActions } from '../lib/use-doc-actions';
import { PreviewModal } from './preview-modal';

/** The preview and the delete confirmation that useDocActions opens. */
export function DocActionDialogs({ actions }: { actions: DocActions }) {
  const { t } = useTranslation();
  const d = actions.deleting;
  return (
    <>
      <PreviewModal doc={actions.previewing} onClose={actions.closePreview} onDownload={actions.download} onDelete={actions.remove} />
      <Modal opened={d != null} onClose={actions.cancelRemove} title={t('documents.delete.title')} centered>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {d && t('documents.delete.body', { name: d.name })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={actions.cancelRemove}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={actions.busy} onClick={actions.confirmRemove}>
            {t('documents.actions.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
