/**
 * The Tencent Cloud sandbox against the vendor's own Node SDK (tencentcloud-sdk-nodejs: its sms
 * and faceid clients, unchanged but for the endpoint): over real HTTP, a node:http server hands
 * every request to the root to the vendor-root hook the demo's middleware calls, so the SDK signs
 * (TC3-HMAC-SHA256, with its own notion of service and host) and the sandbox verifies and answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { answerVendorRoot } from '#lib/identity/vendor-root.server.ts';
import { readOutbox } from '#lib/identity/sms/outbox.server.ts';
import { tencentCloudSandboxKeys, type TencentCloudSandboxKeys } from './keys.server.ts';

const require = createRequire(import.meta.url);
type ClientConfig = {
  credential: { secretId: string; secretKey: string };
  region?: string;
  profile: { httpProfile: { endpoint: string; protocol: string } };
};
type SdkClient = {
  SendSms(req: Record<string, unknown>): Promise<Record<string, unknown>>;
  IdCardVerification(req: Record<string, unknown>): Promise<Record<string, unknown>>;
  BankCard4EVerification(req: Record<string, unknown>): Promise<Record<string, unknown>>;
  CheckBankCardInformation(req: Record<string, unknown>): Promise<Record<string, unknown>>;
};
const { sms } = require('tencentcloud-sdk-nodejs/tencentcloud/services/sms') as {
  sms: { v20210111: { Client: new (config: ClientConfig) => SdkClient } };
};
const { faceid } = require('tencentcloud-sdk-nodejs/tencentcloud/services/faceid') as {
  faceid: { v20180301: { Client: new (config: ClientConfig) => SdkClient } };
};

let database: Database;
let keys: TencentCloudSandboxKeys;
let server: Server;
let endpoint: string;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  keys = await tencentCloudSandboxKeys(database.db);
  server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method!,
        headers,
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      const answer = req.url === '/' ? await answerVendorRoot(request, database.db) : null;
      const response = answer ?? new Response('Not Found', { status: 404 });
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
});

const config = (secretKey = keys.secretKey): ClientConfig => ({
  credential: { secretId: keys.secretId, secretKey },
  region: 'ap-guangzhou',
  profile: { httpProfile: { endpoint, protocol: 'http://' } },
});

describe("the vendor's SDK against the sandbox", () => {
  it('SendSms lands in the outbox and answers the send status set', async () => {
    const client = new sms.v20210111.Client(config());
    const answer = await client.SendSms({
      PhoneNumberSet: ['+8613900000011'],
      SmsSdkAppId: keys.sdkAppId,
      SignName: keys.signName,
      TemplateId: keys.templateId,
      TemplateParamSet: ['615243', '5'],
      SessionContext: 'login',
    });
    expect(answer['SendStatusSet']).toEqual([
      expect.objectContaining({
        PhoneNumber: '+8613900000011',
        Code: 'Ok',
        Message: 'send success',
        Fee: 1,
        SessionContext: 'login',
      }),
    ]);
    expect(answer['RequestId']).toMatch(/^[0-9a-f-]{36}$/);
    const [sent] = await readOutbox(database.db, '13900000011');
    expect(sent?.code).toBe('615243');
  });

  it('a wrong secret gets the vendor error AuthFailure.SignatureFailure', async () => {
    const client = new sms.v20210111.Client(config('this-is-not-the-secret-key'));
    const error = (await client
      .SendSms({
        PhoneNumberSet: ['+8613900000012'],
        SmsSdkAppId: keys.sdkAppId,
        SignName: keys.signName,
        TemplateId: keys.templateId,
        TemplateParamSet: ['615243', '5'],
      })
      .catch((e: unknown) => e)) as { code?: string; requestId?: string };
    expect(error.code).toBe('AuthFailure.SignatureFailure');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readOutbox(database.db, '13900000012')).toEqual([]);
  });

  it('an unapproved template is the vendor error of the template', async () => {
    const client = new sms.v20210111.Client(config());
    const error = (await client
      .SendSms({
        PhoneNumberSet: ['+8613900000013'],
        SmsSdkAppId: keys.sdkAppId,
        SignName: keys.signName,
        TemplateId: '1',
        TemplateParamSet: ['615243', '5'],
      })
      .catch((e: unknown) => e)) as { code?: string };
    expect(error.code).toBe('FailedOperation.TemplateIncorrectOrUnapproved');
  });

  it('IdCardVerification answers the deterministic results', async () => {
    const client = new faceid.v20180301.Client(config());
    expect(
      await client.IdCardVerification({ IdCard: '11010519491231002X', Name: '王小明' }),
    ).toMatchObject({ Result: '0', Description: '姓名和身份证号一致' });
    expect(
      await client.IdCardVerification({ IdCard: '11010519491231002X', Name: '王某' }),
    ).toMatchObject({ Result: '-1', Description: '姓名和身份证号不一致' });
    expect(
      await client.IdCardVerification({ IdCard: '110105194912310021', Name: '王小明' }),
    ).toMatchObject({ Result: '-2' });
  });

  it('BankCard4EVerification answers the deterministic results', async () => {
    const client = new faceid.v20180301.Client(config());
    const person = { Name: '王小明', IdCard: '11010519491231002X' };
    expect(
      await client.BankCard4EVerification({
        ...person,
        BankCard: '6222020200000000006',
        Phone: '13900000014',
      }),
    ).toMatchObject({ Result: '0', Description: '认证通过' });
    expect(
      await client.BankCard4EVerification({
        ...person,
        BankCard: '6222020200000000006',
        Phone: '13900000000',
      }),
    ).toMatchObject({ Result: '-1', Description: '认证未通过' });
    expect(
      await client.BankCard4EVerification({
        ...person,
        BankCard: '6222020200000000008',
        Phone: '13900000014',
      }),
    ).toMatchObject({ Result: '-4' });
  });

  it('CheckBankCardInformation answers the bank and the kind of card', async () => {
    const client = new faceid.v20180301.Client(config());
    expect(
      await client.CheckBankCardInformation({ BankCard: '6212261202011584340' }),
    ).toMatchObject({
      Result: '0',
      Description: '查询成功',
      AccountBank: '中国工商银行',
      AccountType: 1,
    });
    expect(await client.CheckBankCardInformation({ BankCard: '6258021234567891' })).toMatchObject({
      Result: '0',
      AccountBank: '招商银行',
      AccountType: 2,
    });
    expect(
      await client.CheckBankCardInformation({ BankCard: '6212261202011584341' }),
    ).toMatchObject({ Result: '-5', Description: '卡号无效' });
  });
});
