import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { checkForwardText } from '#lib/sharing/index.ts';

/** A forwarding text as it would be saved: sanitised, at most 100 characters. */
export const POST = endpoint(SharingContracts.contentCheck, ({ body }) => {
  const checked = checkForwardText(body.content);
  return { pass: checked.ok, content: checked.text };
});
