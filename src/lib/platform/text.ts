/** Shell §9: long texts are cut at 100 characters by default, with an ellipsis. */
export const DEFAULT_TRUNCATE = 100;

export function truncate(text: string, max: number = DEFAULT_TRUNCATE): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/**
 * Commerce §5 name text sanitiser: removes emoji and any character outside letters, digits,
 * Chinese characters, spaces and common punctuation.
 */
export function sanitiseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(
      /[^\p{L}\p{N}\p{Script=Han} ，。、！？：；“”‘’（）《》【】「」『』～％…—·,.!?:;'"()[\]\-_~@#%&*+=/￥¥\n]/gu,
      '',
    )
    .replace(/\p{Extended_Pictographic}/gu, '');
}

/** sanitiseText for a one-line text: every white space a single space, trimmed. */
export function sanitiseLine(text: string): string {
  return sanitiseText(text.replace(/\s/gu, ' ')).replace(/ {2,}/g, ' ').trim();
}
