/**
 * 编辑店铺信息: the keeper's shop name and intro as their shared shop shows them. Checked here by
 * the same rules as the server (emoji removed, lengths), saved through the shop info update call,
 * then the page reloads with the new card.
 */
import { useState, type SubmitEvent } from 'react';
import { call } from '#lib/platform/client.ts';
import { RecruitingEndpoints } from '#lib/recruiting/index.ts';
import { cleanShopInfo, SHOP_INTRO_MAX, SHOP_NAME_MAX } from '#lib/recruiting/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Recruiting.css';

interface Props {
  shopId: string;
  shopName: string;
  intro: string;
}

export default function ShopInfoForm(props: Props) {
  const [shopName, setShopName] = useState(props.shopName);
  const [intro, setIntro] = useState(props.intro);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = cleanShopInfo({ shopName, intro });
    if (!clean.ok) {
      setProblem(clean.error.message);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await call(RecruitingEndpoints.shopInfoUpdate, {
        query: { shopBizCode: props.shopId },
        body: clean.value,
      });
      toast(RecruitingEndpoints.shopInfoUpdate.message);
      setTimeout(() => location.reload(), 800);
    } catch {
      // The request client has shown why.
      setSaving(false);
    }
  }

  return (
    <form className="rc-form" onSubmit={save} noValidate data-shop-info-form>
      <label>
        <span>店铺名称</span>
        <input
          name="shopName"
          value={shopName}
          maxLength={SHOP_NAME_MAX * 2}
          placeholder={`2-${SHOP_NAME_MAX}个字`}
          onChange={(event) => setShopName(event.target.value)}
        />
      </label>
      <label>
        <span>店铺简介</span>
        <textarea
          name="intro"
          value={intro}
          rows={3}
          maxLength={SHOP_INTRO_MAX * 2}
          placeholder={`介绍一下你的小店，最多${SHOP_INTRO_MAX}个字`}
          onChange={(event) => setIntro(event.target.value)}
        />
      </label>
      {problem && (
        <p className="rc-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="rc-primary" disabled={saving || !hydrated}>
        保存
      </button>
    </form>
  );
}
