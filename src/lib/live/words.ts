/**
 * The live room's word filter: a short list of words a comment may not contain. Matched after
 * lower-casing and dropping spaces and punctuation, so "傻 逼" or "S.B" are caught too. A real
 * shop would load its list from the platform's moderation service; this is the demo's.
 */
export const BLOCKED_WORDS: readonly string[] = [
  '傻逼',
  '傻b',
  'sb',
  '操你',
  '草你',
  '垃圾店',
  '骗子',
  '去死',
  '尼玛',
  '他妈的',
  '法轮',
  '赌博',
  '代开发票',
  '加微信',
];
