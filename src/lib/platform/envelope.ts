/** The answer shape of every /api call. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  success: boolean;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 0, message, success: true, data };
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, message, success: false, data: null };
}
