// A part of a language's texts (first-load.ts, TEXT_PARTS), made by the build from its dictionary (web/vite.config.ts).
declare module 'virtual:trainerpay-texts/*' {
  const texts: { [key: string]: unknown };
  export default texts;
}
