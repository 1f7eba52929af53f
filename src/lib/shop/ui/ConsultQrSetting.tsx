/**
 * 咨询二维码: the shop's consultation QR code as shoppers will scan it, with 上传 / 更换 (the
 * picture is checked and stored by the server, the shop's at once) and 删除 after a confirmation.
 */
import { useState, type ChangeEvent } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import { ShopSettingErrors } from '#lib/shop/index.ts';
import { deleteSellerQr, uploadSellerQr } from '#lib/shop/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './StoreSetting.css';
import './ConsultQrSetting.css';

interface Props {
  qrUrl: string | null;
}

const QR_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export default function ConsultQrSetting(props: Props) {
  const hydrated = useHydrated();
  const [qrUrl, setQrUrl] = useState(props.qrUrl);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!QR_TYPES.has(file.type)) {
      setProblem(ShopSettingErrors.QR_TYPE.message);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem(UploadMessages.TOO_LARGE);
      return;
    }
    setProblem(null);
    setConfirming(false);
    setBusy(true);
    try {
      const stored = await uploadSellerQr(file);
      setQrUrl(stored.qrUrl);
      toast('二维码已更新');
    } catch (error) {
      setProblem((error as Error).message || UploadMessages.NOT_IMAGE);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteSellerQr();
      setQrUrl(null);
      setConfirming(false);
      toast('二维码已删除');
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ss-card qr-card" aria-label="咨询二维码">
      {qrUrl ? (
        <img className="qr-image" src={qrUrl} alt="当前的咨询二维码" data-consult-qr />
      ) : (
        <p className="qr-empty" data-consult-qr-empty>
          还没有设置咨询二维码，上传后顾客可以扫码添加你咨询
        </p>
      )}
      <p className="ss-hint">
        支持 JPG、PNG、WEBP，不超过5MB；请上传清晰的个人微信或企业微信二维码
      </p>
      {problem && (
        <p className="ss-problem" role="alert" data-problem="qr">
          {problem}
        </p>
      )}
      <div className="qr-actions">
        <label className="qr-button solid" data-disabled={!hydrated || busy || undefined}>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label={qrUrl ? '更换二维码' : '上传二维码'}
            disabled={!hydrated || busy}
            onChange={choose}
          />
          {busy ? '处理中…' : qrUrl ? '更换二维码' : '上传二维码'}
        </label>
        {qrUrl && !confirming && (
          <button
            type="button"
            className="qr-button"
            disabled={!hydrated || busy}
            onClick={() => setConfirming(true)}
          >
            删除
          </button>
        )}
      </div>
      {qrUrl && confirming && (
        <div className="qr-confirm" role="group" aria-label="确认删除">
          <p>删除后顾客将无法扫码咨询，确定删除吗？</p>
          <div className="qr-actions">
            <button
              type="button"
              className="qr-button"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              取消
            </button>
            <button type="button" className="qr-button solid" disabled={busy} onClick={remove}>
              确定删除
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
