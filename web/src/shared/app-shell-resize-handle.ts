// What the UI kit's app-shell bars (header, navbar, aside, footer) render as their drag handle when
// the shell is resizable (its `resize` prop). The app's shells are not: the build gives the bars this
// module instead of the handle (web/vite.config.ts), so the trainer portal's frame does not load the
// handle's pointer and keyboard code (~2 KB gzip). A resizable shell would fail here at once, in
// development as in the build, rather than lose its handles unnoticed.
export function AppShellResizeHandle(): never {
  throw new Error('a resizable app shell needs the UI kit\'s own resize handle: remove appShellWithoutResizeHandle() from web/vite.config.ts');
}
