/** The portal's messages in parts, by locale and part (written by scripts/message-parts.ts at build time). */
declare module 'virtual:message-parts' {
  export const MESSAGE_PARTS: Readonly<Record<string, Readonly<Record<string, () => Promise<unknown>>>>>;
}
