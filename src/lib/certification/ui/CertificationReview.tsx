/**
 * The shop owner's queue on 店铺认证: each business or company waiting, with its facts and
 * photos; 通过, or 不通过 with the reason the keeper will read. A decided one leaves the list.
 */
import { useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import { reviewCertification } from '../actions.ts';
import { MAX_CERTIFICATION_REASON } from '../rules.ts';
import type { ReviewItem } from '../certifications.server.ts';
import './CertificationForm.css';

export default function CertificationReview({ items }: { items: ReviewItem[] }) {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(items);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | null>(null);

  async function decide(item: ReviewItem, approve: boolean) {
    const reason = (reasons[item.id] ?? '').trim();
    if (!approve && !reason) {
      toast('请填写未通过的原因');
      return;
    }
    setBusy(item.id);
    try {
      await reviewCertification({
        certificationId: item.id,
        approve,
        ...(!approve && { reason }),
      });
      setLeft((current) => current.filter((other) => other.id !== item.id));
      toast(approve ? '已通过' : '已驳回');
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : '操作失败，请重试');
    } finally {
      setBusy(null);
    }
  }

  if (left.length === 0) return <p className="cf-hint">暂无待审核的认证</p>;
  return (
    <ul className="cr-list">
      {left.map((item) => (
        <li key={item.id} className="cf-card" data-review={item.id}>
          <h3>
            {item.keeperName} · {item.kindTitle}
          </h3>
          <p className="cr-facts">
            {item.subjectName}
            <br />
            {item.creditCode} · {item.representativeMasked}
          </p>
          {item.photoUrls.licence && (
            <a href={item.photoUrls.licence} target="_blank" rel="noopener">
              查看营业执照
            </a>
          )}
          <input
            aria-label="未通过的原因"
            placeholder="不通过时请填写原因"
            maxLength={MAX_CERTIFICATION_REASON}
            value={reasons[item.id] ?? ''}
            onChange={(e) => setReasons((r) => ({ ...r, [item.id]: e.target.value }))}
          />
          <div className="cf-actions">
            <button
              type="button"
              disabled={!hydrated || busy !== null}
              onClick={() => void decide(item, false)}
            >
              不通过
            </button>
            <button
              type="button"
              className="cf-primary"
              disabled={!hydrated || busy !== null}
              onClick={() => void decide(item, true)}
            >
              通过
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
