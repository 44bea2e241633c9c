import { ActionIcon, AspectRatio, Modal, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { embeddableVideoUrl } from './video-url';
import { helpVideoOf } from './videos';

/**
 * The '?' button of the video help overlay (trainer portal 2): on a page with a help video it opens
 * a modal with the embedded video; Escape or a click outside closes it. A page without a video, or
 * whose configured URL the rule refuses, shows no button.
 */
export function VideoHelpButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const entry = helpVideoOf(pathname);
  const src = entry ? embeddableVideoUrl(entry.url) : null;
  if (!entry || !src) return null;
  const title = t(`videoHelp.titles.${entry.titleKey}`);
  return (
    <>
      <Tooltip label={t('videoHelp.open')}>
        <ActionIcon variant="light" color="gray" size="lg" radius="xl" onClick={() => setOpened(true)} aria-label={t('videoHelp.open')} data-testid="video-help-open">
          ?
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} size="xl" closeButtonProps={{ 'aria-label': t('videoHelp.close') }} data-testid="video-help-modal">
        {opened && (
          <AspectRatio ratio={16 / 9}>
            <iframe src={src} title={title} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen style={{ border: 0 }} data-testid="video-help-frame" />
          </AspectRatio>
        )}
      </Modal>
    </>
  );
}
