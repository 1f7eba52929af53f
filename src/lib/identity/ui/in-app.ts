/** True inside the messaging app: the server marks the body, and the user agent must agree. */
export const inMessagingApp = () =>
  document.body.dataset.inApp === 'true' && navigator.userAgent.includes('MicroMessenger');
