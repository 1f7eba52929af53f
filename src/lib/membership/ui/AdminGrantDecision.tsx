/**
 * The owner's decision on an administrator grant (the QR way): the check code to compare with
 * the applicant's screen, then 同意授权 or 拒绝. A grant someone else already decided (409) says
 * so in place of the buttons.
 */
import { useId, useState } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { ErrorCode, Messages } from '#lib/platform/errors.ts';
import { approveGrant, rejectGrant } from '#lib/membership/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './AdminApply.css';

interface Props {
  grant: string;
  userVerifyCode: string;
}

export default function AdminGrantDecision({ grant, userVerifyCode }: Props) {
  const labelId = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  async function decide(call: (grant: string) => Promise<unknown>, answer: string, done: string) {
    setBusy(true);
    try {
      await call(grant);
      toast(answer);
      setResult(done);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setResult(error.message);
      else setBusy(false);
    }
  }

  if (result !== null)
    return (
      <p className="state" role="status">
        {result}
      </p>
    );
  return (
    <>
      <div className="check" role="group" aria-labelledby={labelId}>
        <p className="check-label" id={labelId}>
          核对码
        </p>
        <p className="digits" data-user-verify-code>
          {userVerifyCode}
        </p>
        <p className="hint">请与申请人手机上显示的核对码比对，一致再同意授权</p>
      </div>
      <div className="decide">
        <button
          type="button"
          className="primary"
          disabled={busy || !hydrated}
          onClick={() =>
            void decide(
              approveGrant,
              Messages.ADMIN_GRANT_APPROVED,
              '授权成功，对方已成为本店管理员。',
            )
          }
        >
          同意授权
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy || !hydrated}
          onClick={() => void decide(rejectGrant, Messages.ADMIN_GRANT_REJECTED, '已拒绝该申请。')}
        >
          拒绝
        </button>
      </div>
    </>
  );
}
