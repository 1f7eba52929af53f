/**
 * The sandbox gateway's refusals: the real gateway's HTTP status, code and message for each case,
 * thrown by the books and answered by gateway.server.ts as `{code, message}`.
 */

export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const refusals = {
  signError: () => new GatewayRefusal(401, 'SIGN_ERROR', '签名错误'),
  paramError: (message: string) => new GatewayRefusal(400, 'PARAM_ERROR', message),
  duplicateTradeNo: () => new GatewayRefusal(400, 'INVALID_REQUEST', '201 商户订单号重复'),
  duplicateRefundNo: () => new GatewayRefusal(400, 'INVALID_REQUEST', '商户退款单号重复'),
  appIdMismatch: () => new GatewayRefusal(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配'),
  orderPaid: () => new GatewayRefusal(400, 'ORDERPAID', '该订单已支付'),
  orderClosed: () => new GatewayRefusal(400, 'ORDER_CLOSED', '订单已关闭'),
  orderNotExist: () => new GatewayRefusal(404, 'ORDER_NOT_EXIST', '订单不存在'),
  orderNotPaid: () => new GatewayRefusal(400, 'RESOURCE_NOT_EXISTS', '订单未支付'),
  notEnough: () => new GatewayRefusal(400, 'NOT_ENOUGH', '退款金额超过订单可退金额'),
  refundNotExist: () => new GatewayRefusal(404, 'RESOURCE_NOT_EXISTS', '退款单不存在'),
  duplicateBillNo: () =>
    new GatewayRefusal(400, 'INVALID_REQUEST', '商户单号重复，且请求参数不一致'),
  billNotExist: () => new GatewayRefusal(404, 'NOT_FOUND', '记录不存在'),
  billFinished: () => new GatewayRefusal(400, 'INVALID_REQUEST', '转账单据已是终态，无法撤销'),
  notFound: () => new GatewayRefusal(404, 'NOT_FOUND', '请求的资源不存在'),
  systemError: () => new GatewayRefusal(500, 'SYSTEM_ERROR', '系统错误'),
} as const;
