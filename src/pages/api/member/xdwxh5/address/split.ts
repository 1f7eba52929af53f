import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { splitAddress } from '#lib/addresses/index.server.ts';

/** 智能识别: name, phone, region and detail of a pasted address. */
export const POST = endpoint(AddressContracts.split, ({ body }) => splitAddress(body.text));
