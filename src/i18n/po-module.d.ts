// A .po catalogue imported in the code is compiled at build time (scripts/lingui-build.ts).
declare module '*.po' {
  import type { Messages } from './i18n';
  export const messages: Messages;
}
