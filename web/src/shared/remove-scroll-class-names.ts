// What the UI kit's app-shell header, footer and aside take from react-remove-scroll: the class a
// fixed bar carries so an open modal's scroll lock keeps it in place. The build gives them this
// module for 'react-remove-scroll' (web/vite.config.ts), so the trainer portal's frame does not load
// the scroll lock (~4 KB gzip) before a modal opens; the modal's own RemoveScroll uses the same
// names (remove-scroll-class-names.test.ts holds them to the library's).
export const RemoveScroll = {
  classNames: { fullWidth: 'width-before-scroll-bar', zeroRight: 'right-scroll-bar-position' },
};
