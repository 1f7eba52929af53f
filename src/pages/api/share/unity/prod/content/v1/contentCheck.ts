import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { checkForwardText } from '#lib/sharing/rules.ts';

/** A forwarding text as it would be saved: sanitised, at most 100 characters. */
export const POST = endpoint(SharingContracts.contentCheck, ({ body }) => {
  const checked = checkForwardText(body.content);
  return { pass: checked.ok, content: checked.text };
});
