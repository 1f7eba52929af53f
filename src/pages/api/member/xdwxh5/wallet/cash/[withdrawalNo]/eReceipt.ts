import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readWithdrawalReceipt } from '#lib/distribution/index.server.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

/**
 * 电子回单 of one of the keeper's paid withdrawals (another's answers 提现记录不存在): a picture
 * opens in the page, a PDF downloads.
 */
export const GET = endpoint(
  DistributionContracts.eReceipt,
  async ({ params, query, user, context }) => {
    const file = await readWithdrawalReceipt(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      withdrawalNo: params.withdrawalNo,
    });
    const name = `receipt-${params.withdrawalNo}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
    const picture = file.contentType.startsWith('image/');
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `${picture ? 'inline' : 'attachment'}; filename="${name}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  },
);
