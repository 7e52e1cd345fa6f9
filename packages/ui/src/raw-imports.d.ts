/** Vite's `?raw` suffix imports a file's text (used by the stylesheet's tests). */
declare module '*.css?raw' {
  const content: string;
  export default content;
}
