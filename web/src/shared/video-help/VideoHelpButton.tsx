import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LazyTooltip } from '../components/LazyTooltip';
import { embeddableVideoUrl } from './video-url';
import { helpVideoOf } from './videos';

/**
 * The '?' button of the video help overlay (trainer portal 2): on a page with a help video it opens
 * a modal with the embedded video; Escape or a click outside closes it. A page without a video, or
 * whose configured URL the rule refuses, shows no button. The modal's code loads with the first
 * click.
 */
const VideoHelpModal = lazy(() => import('./VideoHelpModal').then((module) => ({ default: module.VideoHelpModal })));

export function VideoHelpButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const entry = helpVideoOf(pathname);
  const src = entry ? embeddableVideoUrl(entry.url) : null;
  if (!entry || !src) return null;
  const title = t(`videoHelp.titles.${entry.titleKey}`);
  return (
    <>
      <LazyTooltip label={t('videoHelp.open')}>
        <ActionIcon
          variant="light"
          color="gray"
          size="lg"
          radius="xl"
          onClick={() => {
            setWanted(true);
            setOpened(true);
          }}
          aria-label={t('videoHelp.open')}
          data-testid="video-help-open"
        >
          ?
        </ActionIcon>
      </LazyTooltip>
      {wanted && (
        <Suspense fallback={null}>
          <VideoHelpModal opened={opened} onClose={() => setOpened(false)} title={title} src={src} />
        </Suspense>
      )}
    </>
  );
}
