/**
 * The sandbox messaging app's bridge (decision 033): a stand-in for what WeChat injects into the
 * pages it opens — `WeixinJSBridge` (its `WeixinJSBridgeReady` event, `invoke`) and the parts of
 * the JS-SDK `wx` the shop calls — so the in-app use cases run in any browser in demo mode:
 *
 * - `getBrandWCPayRequest` (JSAPI pay): the sandbox's pay sheet (merchant, what is bought, the
 *   amount); 确认支付 hands the page's signed pay request to the sandbox gateway
 *   (bridge/pay.ts, which checks paySign like WeChat) and answers as WeChat does.
 * - `requestMerchantTransfer` / `wx.requestMerchantTransfer` (a transfer bill's 确认收款): the
 *   sheet with the amount and remark; 确认收款 confirms the bill at the gateway (bridge/transfer).
 * - share data (`wx.config/ready/error`, `updateAppMessageShareData`, `updateTimelineShareData`):
 *   kept on `window.__sandboxShareData`, where a demo or a test can read what a share would send.
 * - `wx.invoke('chooseInvoiceTitle')`: the app's list of the invoice titles its user keeps (a
 *   company with everything a 专票 needs, and a person); choosing one answers as WeChat does, a
 *   JSON text in `choose_invoice_title_info`.
 *
 * Served as a file of this origin (`/sandbox/wechatpay/bridge.js`, only in demo mode), so the
 * pages' Content-Security-Policy (`script-src 'self'`) lets it run; it writes no inline script or
 * style element, only style attributes, which the policy allows. Plain ES2017: no build step.
 */

export const BRIDGE_SCRIPT_PATH = '/sandbox/wechatpay/bridge.js';

export const BRIDGE_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.WeixinJSBridge) return;
  var BASE = '/sandbox/wechatpay/bridge';

  function node(tag, style, text) {
    var el = document.createElement(tag);
    if (style) el.setAttribute('style', style);
    if (text != null) el.textContent = text;
    return el;
  }
  function yuan(cents) {
    return (cents / 100).toFixed(2);
  }
  function getJson(url) {
    return fetch(url, { credentials: 'same-origin', cache: 'no-store' }).then(function (r) {
      return r.ok ? r.json() : null;
    });
  }
  function postJson(url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json();
    });
  }

  var open = false;
  /** The app's bottom sheet: resolves true on the main button, false when closed. */
  function sheet(options) {
    return new Promise(function (resolve) {
      open = true;
      var shade = node(
        'div',
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:flex-end;justify-content:center;font:15px/1.5 -apple-system,BlinkMacSystemFont,sans-serif',
      );
      shade.setAttribute('data-sandbox-sheet', options.kind);
      var panel = node(
        'div',
        'width:100%;max-width:480px;box-sizing:border-box;background:#fff;border-radius:12px 12px 0 0;padding:16px 20px calc(20px + env(safe-area-inset-bottom));text-align:center;color:#111',
      );
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-modal', 'true');
      panel.setAttribute('aria-label', options.title);
      var close = node(
        'button',
        'position:absolute;margin:-6px 0 0 -8px;border:0;background:none;font-size:24px;line-height:1;color:#555;padding:4px 8px',
        '×',
      );
      close.type = 'button';
      close.setAttribute('aria-label', '关闭');
      panel.appendChild(close);
      panel.appendChild(node('p', 'margin:0 0 4px;font-weight:600;font-size:16px', options.title));
      panel.appendChild(
        node('p', 'display:inline-block;margin:0 0 12px;padding:1px 8px;border-radius:9px;background:#f2f2f2;color:#707070;font-size:12px', '沙箱环境 · 模拟微信'),
      );
      options.lines.forEach(function (line) {
        panel.appendChild(node('p', 'margin:0 0 6px;color:#595959;overflow-wrap:anywhere', line));
      });
      var amount = node('p', 'margin:8px 0 20px;font-size:34px;font-weight:600', '¥' + yuan(options.cents));
      amount.setAttribute('data-sheet-amount', '');
      panel.appendChild(amount);
      var confirm = node(
        'button',
        'display:block;width:100%;border:0;border-radius:8px;padding:12px;background:#067d3e;color:#fff;font-size:16px;font-weight:600',
        options.action,
      );
      confirm.type = 'button';
      panel.appendChild(confirm);
      shade.appendChild(panel);
      function done(ok) {
        open = false;
        shade.remove();
        resolve(ok);
      }
      close.addEventListener('click', function () {
        done(false);
      });
      confirm.addEventListener('click', function () {
        confirm.disabled = true;
        done(true);
      });
      document.body.appendChild(shade);
      confirm.focus();
    });
  }
  /** The app's own short notice (the answer when a sheet cannot be shown). */
  function notice(text) {
    var toast = node(
      'div',
      'position:fixed;left:50%;top:40%;transform:translateX(-50%);z-index:2147483647;max-width:70%;padding:10px 16px;border-radius:8px;background:rgba(0,0,0,.75);color:#fff;font-size:14px;text-align:center',
      text,
    );
    toast.setAttribute('role', 'alert');
    document.body.appendChild(toast);
    setTimeout(function () {
      toast.remove();
    }, 2000);
  }

  function pay(params, callback) {
    var fail = function (desc) {
      notice(desc);
      callback({ err_msg: 'get_brand_wcpay_request:fail', err_desc: desc });
    };
    var prepay = /^prepay_id=(.+)$/.exec((params && params.package) || '');
    if (!prepay || open) return fail('支付参数错误');
    getJson(BASE + '/sheet?prepay_id=' + encodeURIComponent(prepay[1]))
      .then(function (info) {
        if (!info) return fail('订单不存在');
        if (info.state !== 'open') return fail(info.state === 'paid' ? '该订单已支付' : '订单已关闭');
        return sheet({
          kind: 'pay',
          title: '微信支付',
          lines: [info.description, '沙箱商户 ' + info.mchId],
          cents: info.totalCents,
          action: '确认支付',
        }).then(function (ok) {
          // Closing the sheet only closes it: the transaction stays payable, as in WeChat.
          if (!ok) return callback({ err_msg: 'get_brand_wcpay_request:cancel' });
          return postJson(BASE + '/pay', params).then(callback);
        });
      })
      .catch(function () {
        fail('网络异常，请稍后重试');
      });
  }

  function receipt(params, callback) {
    var fail = function (desc) {
      notice(desc);
      callback({ err_msg: 'requestMerchantTransfer:fail', err_desc: desc });
    };
    if (!params || !params.package || !params.mchId || !params.appId || open) {
      return fail('参数错误');
    }
    getJson(BASE + '/transfer?package=' + encodeURIComponent(params.package))
      .then(function (info) {
        if (!info) return fail('转账单不存在');
        if (info.state !== 'WAIT_USER_CONFIRM') {
          return fail(info.state === 'SUCCESS' ? '已收款' : '该笔转账已失效');
        }
        return sheet({
          kind: 'transfer',
          title: '确认收款',
          lines: [info.remark, '收款到微信零钱'],
          cents: info.amountCents,
          action: '确认收款',
        }).then(function (ok) {
          if (!ok) return callback({ err_msg: 'requestMerchantTransfer:cancel' });
          return postJson(BASE + '/transfer', {
            mchId: params.mchId,
            appId: params.appId,
            package: params.package,
          }).then(callback);
        });
      })
      .catch(function () {
        fail('网络异常，请稍后重试');
      });
  }

  /** The invoice titles the sandbox app's user keeps (我 → 个人信息 → 我的发票抬头). */
  var TITLES = [
    {
      type: '0',
      title: '深圳市腾讯计算机系统有限公司',
      taxNumber: '91440300708461136T',
      companyAddress: '深圳市南山区粤海街道麻岭社区科技中一路腾讯大厦35层',
      telephone: '0755-86013388',
      bankName: '招商银行深圳分行科技园支行',
      bankAccount: '817800494810001',
    },
    { type: '1', title: '林小鹿', taxNumber: '', companyAddress: '', telephone: '', bankName: '', bankAccount: '' },
  ];
  function chooseTitle(callback) {
    if (open) return callback({ err_msg: 'chooseInvoiceTitle:fail' });
    open = true;
    var shade = node(
      'div',
      'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:flex-end;justify-content:center;font:15px/1.5 -apple-system,BlinkMacSystemFont,sans-serif',
    );
    shade.setAttribute('data-sandbox-sheet', 'invoice-title');
    var panel = node(
      'div',
      'width:100%;max-width:480px;box-sizing:border-box;background:#f7f7f7;border-radius:12px 12px 0 0;padding:16px 16px calc(16px + env(safe-area-inset-bottom));color:#111',
    );
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-label', '选择发票抬头');
    panel.appendChild(node('p', 'margin:0 0 4px;font-weight:600;font-size:16px;text-align:center', '选择发票抬头'));
    panel.appendChild(
      node('p', 'margin:0 0 12px;color:#707070;font-size:12px;text-align:center', '沙箱环境 · 模拟微信'),
    );
    function done(answer) {
      open = false;
      shade.remove();
      callback(answer);
    }
    TITLES.forEach(function (t) {
      var row = node(
        'button',
        'display:block;width:100%;margin:0 0 8px;border:0;border-radius:8px;padding:12px;background:#fff;text-align:left;font-size:15px;color:#111',
      );
      row.type = 'button';
      row.appendChild(node('strong', 'display:block', t.title));
      row.appendChild(node('span', 'color:#707070;font-size:13px', t.type === '0' ? '单位 · ' + t.taxNumber : '个人'));
      row.addEventListener('click', function () {
        done({ err_msg: 'chooseInvoiceTitle:ok', choose_invoice_title_info: JSON.stringify(t) });
      });
      panel.appendChild(row);
    });
    var cancel = node('button', 'display:block;width:100%;border:0;border-radius:8px;padding:12px;background:#fff;font-size:15px;color:#111', '取消');
    cancel.type = 'button';
    cancel.addEventListener('click', function () {
      done({ err_msg: 'chooseInvoiceTitle:cancel' });
    });
    panel.appendChild(cancel);
    shade.appendChild(panel);
    document.body.appendChild(shade);
  }

  window.WeixinJSBridge = {
    invoke: function (name, params, callback) {
      var cb = typeof callback === 'function' ? callback : function () {};
      if (name === 'getBrandWCPayRequest') return pay(params, cb);
      if (name === 'requestMerchantTransfer') return receipt(params, cb);
      if (name === 'chooseInvoiceTitle') return chooseTitle(cb);
      cb({ err_msg: name + ':fail', err_desc: 'the sandbox bridge has no ' + name });
    },
    on: function () {},
    call: function () {},
  };

  // The JS-SDK as far as the shop uses it: share data, the transfer receipt and invoke.
  var share = (window.__sandboxShareData = { appMessage: null, timeline: null });
  function settle(options, answer, ok) {
    if (ok && options.success) options.success(answer);
    if (!ok && options.fail) options.fail(answer);
    if (options.complete) options.complete(answer);
  }
  if (!window.wx) {
    window.wx = {
      config: function () {},
      ready: function (callback) {
        setTimeout(callback, 0);
      },
      error: function () {},
      updateAppMessageShareData: function (data) {
        share.appMessage = { title: data.title, desc: data.desc, link: data.link, imgUrl: data.imgUrl };
        settle(data, { errMsg: 'updateAppMessageShareData:ok' }, true);
      },
      updateTimelineShareData: function (data) {
        share.timeline = { title: data.title, link: data.link, imgUrl: data.imgUrl };
        settle(data, { errMsg: 'updateTimelineShareData:ok' }, true);
      },
      invoke: function (name, params, callback) {
        window.WeixinJSBridge.invoke(name, params, callback);
      },
      requestMerchantTransfer: function (options) {
        receipt(options, function (answer) {
          settle(options, answer, answer.err_msg === 'requestMerchantTransfer:ok');
        });
      },
    };
  }

  var ready = function () {
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
`;
