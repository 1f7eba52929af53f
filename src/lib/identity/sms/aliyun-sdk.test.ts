/**
 * The Aliyun SMS sandbox against the vendor's own SDK, @alicloud/dysmsapi20170525, unchanged but
 * for its endpoint (this test's host, over http) and the demo account's keys: over real HTTP, a
 * node:http server hands `/` requests to answerVendorRoot as the middleware does in a demo.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import DysmsapiModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import { answerVendorRoot } from '../vendor-root.server.ts';
import { aliyunSandboxAccount, type AliyunAccount } from './aliyun-account.server.ts';
import { readOutbox } from './outbox.server.ts';

// The SDK is CommonJS with `exports.default`: the class is one `default` further down.
const Dysmsapi = ((DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ??
  DysmsapiModule) as typeof DysmsapiModule;

let database: Database;
let server: Server;
let endpoint: string;
let account: AliyunAccount;
/** What answerVendorRoot answered, by request. */
const statuses: number[] = [];

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await memoryDatabase({ seed: false });
  account = await aliyunSandboxAccount(database.db, parseEnv({}));
  server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method!,
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const url = new URL(request.url);
      const answer =
        url.pathname === '/' ? await answerVendorRoot(request, database.db) : null;
      const response = answer ?? new Response('Not found', { status: 404 });
      statuses.push(response.status);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
  vi.restoreAllMocks();
});

function client(accessKeySecret = account.accessKeySecret, accessKeyId = account.accessKeyId) {
  return new Dysmsapi(
    new $OpenApiUtil.Config({ accessKeyId, accessKeySecret, endpoint, protocol: 'http' }),
  );
}

const sendSms = (phone: string, code = '135790') =>
  new SendSmsRequest({
    phoneNumbers: phone,
    signName: account.signName,
    templateCode: account.templateCode,
    templateParam: JSON.stringify({ code }),
  });

describe('the SDK @alicloud/dysmsapi20170525 against the demo', () => {
  it('sends: SendSms lands in the outbox, answered in Aliyun\'s format', async () => {
    const answer = await client().sendSms(sendSms('13900002001', '246801'));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ code: 'OK', message: 'OK' });
    expect(answer.body?.requestId).toMatch(/^[0-9A-F-]{36}$/);
    expect(answer.body?.bizId).toMatch(/^\d{18}\^0$/);
    const [message] = await readOutbox(database.db, '13900002001');
    expect(message).toMatchObject({
      text: '【小店】您的验证码为：246801，该验证码5分钟内有效，请勿泄漏于他人！',
      code: '246801',
    });
  });

  it('gets SignatureDoesNotMatch (HTTP 400) with a wrong secret, and nothing is sent', async () => {
    const error = await client('WrongSecret0000000000000000000')
      .sendSms(sendSms('13900002002'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SignatureDoesNotMatch', statusCode: 400 });
    expect(statuses.at(-1)).toBe(400);
    expect(await readOutbox(database.db, '13900002002')).toEqual([]);
  });

  it('gets InvalidAccessKeyId.NotFound (HTTP 404) with an unknown AccessKey ID', async () => {
    const error = await client(account.accessKeySecret, 'LTAIunknown000000000000')
      .sendSms(sendSms('13900002003'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'InvalidAccessKeyId.NotFound', statusCode: 404 });
    expect(await readOutbox(database.db, '13900002003')).toEqual([]);
  });

  it("gets Aliyun's business refusals as HTTP 200 with the isv code", async () => {
    const wrongTemplate = sendSms('13900002004');
    wrongTemplate.templateCode = 'SMS_999999999';
    const answer = await client().sendSms(wrongTemplate);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ code: 'isv.SMS_TEMPLATE_ILLEGAL' });
    const badPhone = await client().sendSms(sendSms('1390000'));
    expect(badPhone.body).toMatchObject({ code: 'isv.MOBILE_NUMBER_ILLEGAL' });
    expect(await readOutbox(database.db, '13900002004')).toEqual([]);
  });
});
