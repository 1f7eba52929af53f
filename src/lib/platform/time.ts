/** Shop times are shown in China Standard Time, whatever the server's zone. */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

/** "11/25 09:40": when a sale ends. Built once: a formatter is costly to create per request. */
export const saleEndFormat = new Intl.DateTimeFormat('zh-CN', {
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});
