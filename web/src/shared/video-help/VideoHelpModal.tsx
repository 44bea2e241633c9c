import { AspectRatio, Modal } from '@mantine/core';
import '../mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { useTranslation } from 'react-i18next';

/** The help video's modal (VideoHelpButton loads it with the first click). */
export function VideoHelpModal({ opened, onClose, title, src }: { opened: boolean; onClose: () => void; title: string; src: string }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('videoHelp.close') }} data-testid="video-help-modal">
      {opened && (
        <AspectRatio ratio={16 / 9}>
          <iframe src={src} title={title} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen style={{ border: 0 }} data-testid="video-help-frame" />
        </AspectRatio>
      )}
    </Modal>
  );
}
