// A .po catalogue imported in the code is compiled by @lingui/vite-plugin into its messages.
declare module '*.po' {
  import type { Messages } from './i18n';
  export const messages: Messages;
}
