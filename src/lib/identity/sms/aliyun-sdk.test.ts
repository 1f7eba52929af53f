/**
 * The Aliyun SMS sandbox against the vendor's own SDK, @alicloud/dysmsapi20170525, unchanged but
 * for its endpoint (this test's host, over http) and the demo account's keys: over real HTTP, a
 * node:http server (tests/fixtures/vendor-root.ts) hands `/` requests to answerVendorRoot as the
 * middleware does in a demo.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import DysmsapiModule, {
  GetSmsSignRequest,
  GetSmsTemplateRequest,
  SendSmsRequest,
} from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { startVendorRoot, type VendorRootServer } from '#tests/fixtures/vendor-root.ts';
import { aliyunSandboxAccount, type AliyunAccount } from './aliyun-account.server.ts';
import { readOutbox } from './outbox.server.ts';

// The SDK is CommonJS with `exports.default`: the class is one `default` further down.
const Dysmsapi = ((DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ??
  DysmsapiModule) as typeof DysmsapiModule;

let database: Database;
let vendor: VendorRootServer;
let account: AliyunAccount;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await memoryDatabase({ seed: false });
  account = await aliyunSandboxAccount(database.db, env());
  vendor = await startVendorRoot(database.db);
});

afterAll(async () => {
  await vendor.close();
  await database.close();
  vi.restoreAllMocks();
});

function client(accessKeySecret = account.accessKeySecret, accessKeyId = account.accessKeyId) {
  return new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId,
      accessKeySecret,
      endpoint: vendor.host,
      protocol: 'http',
    }),
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
  it("sends: SendSms lands in the outbox, answered in Aliyun's format", async () => {
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
    expect(vendor.statuses.at(-1)).toBe(400);
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

  it('queries the sign and the template (what npm run doctor asks): both approved', async () => {
    const sign = await client().getSmsSign(new GetSmsSignRequest({ signName: account.signName }));
    expect(sign.body).toMatchObject({ code: 'OK', signName: '小店', signStatus: 1 });
    const template = await client().getSmsTemplate(
      new GetSmsTemplateRequest({ templateCode: account.templateCode }),
    );
    expect(template.body).toMatchObject({
      code: 'OK',
      templateCode: 'SMS_100000001',
      templateStatus: '1',
      templateContent: '您的验证码为：${code}，该验证码5分钟内有效，请勿泄漏于他人！',
    });
  });
});
