import { AddressContracts } from '#lib/addresses/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { splitAddress } from '#lib/addresses/addresses.server.ts';

/** 智能识别: name, phone, region and detail of a pasted address. */
export const POST = endpoint(AddressContracts.split, ({ body }) => splitAddress(body.text));
