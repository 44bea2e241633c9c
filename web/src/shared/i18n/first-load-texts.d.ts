// The first-load texts of a language, made by the build from its dictionary (web/vite.config.ts).
declare module 'virtual:trainerpay-first-load-texts/*' {
  const texts: { [key: string]: unknown };
  export default texts;
}
