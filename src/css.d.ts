/** Widget stylesheets are bundled as text and adopted into the shadow root. */
declare module '*.css' {
  const css: string;
  export default css;
}
