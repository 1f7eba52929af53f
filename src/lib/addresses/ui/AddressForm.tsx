/**
 * The address form (编辑地址 / 新增收货地址): receiver, mobile, a province → city → district
 * picker (one province's cities and districts loaded when chosen), detail, the default switch,
 * and a paste box whose 智能识别 fills the form from a whole pasted address. Saving goes to the
 * page that asked for the address (`back`, with addressId) or to the address list.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  AddressMessages,
  DETAIL_MAX,
  NAME_MAX,
  PASTE_MAX,
  cleanPhone,
  isDetail,
  isName,
  type Address,
} from '#lib/addresses/index.ts';
import type { CityRegions, Region } from '#lib/addresses/index.ts';
import { provinceRegions, saveAddress, splitPasted } from '#lib/addresses/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './AddressForm.css';

export interface AddressFormProps {
  /** The address edited, or null for a new one. */
  address: Address | null;
  /** A region picked on address-search, over the saved one. */
  pickedRegion: { province: string; city: string; district: string } | null;
  provinces: Region[];
  /** The cities and districts of the address's province, so the picker opens without a call. */
  initialCities: CityRegions[];
  /** The validated page to return to with addressId, or null. */
  back: string | null;
  /** Where to go after saving without `back`: the address list. */
  listHref: string;
  /** The address-search page for this form (carrying id and back). */
  searchHref: string;
  /** The shopper has no address yet: this one becomes the default whatever the switch says. */
  first: boolean;
}

interface Picked {
  province: string;
  city: string;
  district: string;
}

type Level = 0 | 1 | 2;
const LEVEL_LABELS = ['省份', '城市', '区县'];

/** The page to return to with the new address chosen (back was validated by the page). */
function backWith(back: string, addressId: number): string {
  const url = new URL(back, location.origin);
  url.searchParams.set('addressId', String(addressId));
  return `${url.pathname}${url.search}`;
}

/** Storage of the form while the shopper searches a region on address-search. */
const draftKey = (id: number | null) => `address-draft:${id ?? 'new'}`;

interface Draft {
  name: string;
  phone: string;
  detail: string;
  isDefault: boolean;
  pasted: string;
}

export default function AddressForm(props: AddressFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  const addressId = props.address?.id ?? null;
  const start = props.pickedRegion ?? props.address;
  const [name, setName] = useState(props.address?.name ?? '');
  const [phone, setPhone] = useState(props.address?.phone ?? '');
  const [region, setRegion] = useState<Picked>({
    province: start?.province ?? '',
    city: start?.city ?? '',
    district: start?.district ?? '',
  });
  const [detail, setDetail] = useState(props.address?.detail ?? '');
  const [isDefault, setIsDefault] = useState(props.address?.isDefault ?? props.first);
  const [pasted, setPasted] = useState('');
  const [splitting, setSplitting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);

  // What was typed before the island hydrated is in the inputs, not in the state: keep it.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = (field: string) =>
      form.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
        `#${CSS.escape(`${id}-${field}`)}`,
      )?.value;
    const pairs: [string, (value: string) => void, string][] = [
      ['paste', setPasted, ''],
      ['name', setName, props.address?.name ?? ''],
      ['phone', setPhone, props.address?.phone ?? ''],
      ['detail', setDetail, props.address?.detail ?? ''],
    ];
    for (const [field, set, initial] of pairs) {
      const value = typed(field);
      if (value !== undefined && value !== initial) set(value);
    }
    // Once, after hydration.
  }, []);

  // Back from address-search with a region: the rest of the form as the shopper left it.
  useEffect(() => {
    const stored = sessionStorage.getItem(draftKey(addressId));
    if (!stored) return;
    sessionStorage.removeItem(draftKey(addressId));
    if (!props.pickedRegion) return;
    try {
      const draft = JSON.parse(stored) as Draft;
      setName(draft.name);
      setPhone(draft.phone);
      setDetail(draft.detail);
      setIsDefault(draft.isDefault);
      setPasted(draft.pasted);
    } catch {
      // A draft from another version of the page: the saved address stays.
    }
  }, [addressId, props.pickedRegion]);

  function keepDraft() {
    const draft: Draft = { name, phone, detail, isDefault, pasted };
    sessionStorage.setItem(draftKey(addressId), JSON.stringify(draft));
  }

  async function recognise() {
    if (!pasted.trim()) {
      toast('请先粘贴完整的收货信息');
      return;
    }
    setSplitting(true);
    try {
      const split = await splitPasted(pasted.trim());
      const found = [split.name, split.phone, split.province, split.detail].some(Boolean);
      if (!found) {
        toast('未能识别，请手动填写');
        return;
      }
      if (split.name) setName(split.name);
      if (split.phone) setPhone(split.phone);
      if (split.province) {
        setRegion({ province: split.province, city: split.city, district: split.district });
      }
      if (split.detail) setDetail(split.detail);
      setError(null);
      toast(split.regionCode ? '已识别，请核对后保存' : '已识别，请补全所在地区');
    } catch {
      // The request client has said why.
    } finally {
      setSplitting(false);
    }
  }

  function problem(): { field: string; message: string } | null {
    if (!isName(name)) return { field: 'name', message: AddressMessages.NAME };
    if (!cleanPhone(phone)) return { field: 'phone', message: AddressMessages.PHONE };
    if (!region.district) return { field: 'region', message: AddressMessages.REGION };
    if (!isDetail(detail)) return { field: 'detail', message: AddressMessages.DETAIL };
    return null;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problem();
    setError(found);
    if (found) {
      document.getElementById(`${id}-${found.field}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveAddress(addressId, {
        name,
        phone: cleanPhone(phone),
        ...region,
        detail,
        isDefault,
      });
      toast('地址已保存');
      location.replace(props.back ? backWith(props.back, saved.id) : props.listHref);
    } catch {
      setSaving(false);
    }
  }

  const regionText = region.province
    ? [region.province, region.city === region.province ? '' : region.city, region.district]
        .filter(Boolean)
        .join(' ')
    : '';
  const fieldError = (field: string) =>
    error?.field === field ? (
      <p className="address-error" id={`${id}-${field}-error`} role="alert">
        {error.message}
      </p>
    ) : null;
  const describedBy = (field: string) =>
    error?.field === field ? `${id}-${field}-error` : undefined;
  // The kit's field, in this form's look: the error under the row, named after the control.
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  const field = (name: string) => ({
    id: `${id}-${name}`,
    error: errorOf(name),
    className: 'address-field',
    errorClassName: 'address-error',
  });
  const control = (name: string) => controlProps(`${id}-${name}`, { error: errorOf(name) });

  return (
    <form ref={form} className="address-form" onSubmit={submit} noValidate>
      <section className="address-paste" aria-label="智能识别">
        <label htmlFor={`${id}-paste`}>粘贴整段地址</label>
        <textarea
          id={`${id}-paste`}
          value={pasted}
          maxLength={PASTE_MAX}
          rows={3}
          placeholder="如：张三 13800138000 浙江省杭州市西湖区文三路138号"
          onChange={(e) => setPasted(e.target.value)}
        />
        <div className="address-paste-actions">
          {pasted && (
            <button type="button" className="address-link" onClick={() => setPasted('')}>
              清空
            </button>
          )}
          <button
            type="button"
            className="address-recognise"
            disabled={!hydrated || splitting}
            onClick={recognise}
          >
            {splitting ? '识别中…' : '智能识别'}
          </button>
        </div>
      </section>

      <section className="address-fields">
        <FormField {...field('name')} label="收货人">
          <input
            {...control('name')}
            value={name}
            maxLength={NAME_MAX}
            autoComplete="name"
            placeholder="收货人姓名"
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField {...field('phone')} label="手机号码">
          <input
            {...control('phone')}
            value={phone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="收货人手机号"
            onChange={(e) => setPhone(e.target.value.slice(0, 20))}
          />
        </FormField>
        <div className="address-field">
          <span className="address-label" id={`${id}-region-label`}>
            所在地区
          </span>
          <button
            type="button"
            id={`${id}-region`}
            className={regionText ? 'address-region' : 'address-region empty'}
            aria-labelledby={`${id}-region-label ${id}-region`}
            aria-describedby={describedBy('region')}
            aria-haspopup="dialog"
            disabled={!hydrated}
            onClick={() => setPickerOpen(true)}
          >
            {regionText || '请选择省 / 市 / 区'}
          </button>
          <a className="address-search" href={props.searchHref} onClick={keepDraft}>
            搜索
          </a>
        </div>
        {fieldError('region')}
        <FormField {...field('detail')} className="address-field top" label="详细地址">
          <textarea
            {...control('detail')}
            value={detail}
            maxLength={DETAIL_MAX}
            rows={2}
            placeholder="街道、楼牌号等"
            onChange={(e) => setDetail(e.target.value)}
          />
        </FormField>
      </section>

      <section className="address-fields">
        <label className="address-switch">
          <span>
            设为默认地址
            <small>{props.first ? '第一个收货地址将作为默认地址' : '下单时优先使用该地址'}</small>
          </span>
          <input
            type="checkbox"
            role="switch"
            checked={isDefault || props.first}
            disabled={props.first}
            onChange={(e) => setIsDefault(e.target.checked)}
          />
        </label>
      </section>

      <div className="address-save-bar">
        <button type="submit" className="address-save" disabled={!hydrated || saving}>
          {saving ? '保存中…' : '保存'}
        </button>
      </div>

      {pickerOpen && (
        <RegionPicker
          provinces={props.provinces}
          initialCities={props.initialCities}
          value={region}
          onClose={() => setPickerOpen(false)}
          onPick={(picked) => {
            setRegion(picked);
            setPickerOpen(false);
            if (error?.field === 'region') setError(null);
          }}
        />
      )}
    </form>
  );
}

interface PickerProps {
  provinces: Region[];
  initialCities: CityRegions[];
  value: Picked;
  onClose(): void;
  onPick(picked: Picked): void;
}

/** The bottom sheet: 省份 → 城市 → 区县, each level a list; the chosen ones as tabs above. */
function RegionPicker(props: PickerProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [province, setProvince] = useState(
    props.provinces.find((p) => p.name === props.value.province) ?? null,
  );
  const [cities, setCities] = useState<CityRegions[] | null>(
    province && props.initialCities.length > 0 ? props.initialCities : null,
  );
  const [city, setCity] = useState(
    cities?.find((c) => c.name === props.value.city && province) ?? null,
  );
  const [level, setLevel] = useState<Level>(city ? 2 : province ? 1 : 0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);

  // A province without its cities yet (chosen here, or the saved one's were not sent).
  useEffect(() => {
    if (
      !province ||
      (cities && cities.length > 0 && cities[0]!.code.startsWith(province.code.slice(0, 2)))
    )
      return;
    let live = true;
    setLoading(true);
    provinceRegions(province.code)
      .then((loaded) => {
        if (!live) return;
        setCities(loaded);
        setCity((current) => loaded.find((c) => c.name === current?.name) ?? null);
      })
      .catch(() => live && setLevel(0))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [province, cities]);

  const chooseProvince = (p: Region) => {
    if (p.code !== province?.code) {
      setProvince(p);
      setCities(null);
      setCity(null);
    }
    setLevel(1);
  };
  const chooseCity = (c: CityRegions) => {
    setCity(c);
    setLevel(2);
  };
  const chooseDistrict = (d: Region) => {
    if (province && city) onPickDistrict(province, city, d);
  };
  const onPickDistrict = (p: Region, c: Region, d: Region) =>
    props.onPick({ province: p.name, city: c.name, district: d.name });

  const tabs: { label: string; level: Level }[] = [
    { label: province?.name ?? LEVEL_LABELS[0]!, level: 0 },
  ];
  if (province) tabs.push({ label: city?.name ?? LEVEL_LABELS[1]!, level: 1 });
  if (city) tabs.push({ label: LEVEL_LABELS[2]!, level: 2 });

  let options: { region: Region; chosen: boolean; pick(): void }[] = [];
  if (level === 0) {
    options = props.provinces.map((p) => ({
      region: p,
      chosen: p.code === province?.code,
      pick: () => chooseProvince(p),
    }));
  } else if (level === 1) {
    options = (cities ?? []).map((c) => ({
      region: c,
      chosen: c.code === city?.code,
      pick: () => chooseCity(c),
    }));
  } else if (city) {
    options = city.districts.map((d) => ({
      region: d,
      chosen: d.name === props.value.district && city.name === props.value.city,
      pick: () => chooseDistrict(d),
    }));
  }

  return (
    <dialog
      ref={dialog}
      className="region-picker"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) props.onClose();
      }}
    >
      <div className="region-picker-head">
        <h2 id={titleId}>选择所在地区</h2>
        <button type="button" className="region-picker-close" onClick={props.onClose}>
          关闭
        </button>
      </div>
      <div className="region-picker-tabs" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.level}
            type="button"
            role="tab"
            aria-selected={tab.level === level}
            onClick={() => setLevel(tab.level)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <ul className="region-picker-list" aria-label={LEVEL_LABELS[level]} aria-busy={loading}>
        {loading && level > 0 ? (
          <li className="region-picker-loading">加载中…</li>
        ) : (
          options.map((option) => (
            <li key={option.region.code}>
              <button
                type="button"
                aria-pressed={option.chosen}
                className={option.chosen ? 'chosen' : undefined}
                onClick={option.pick}
              >
                {option.region.name}
              </button>
            </li>
          ))
        )}
      </ul>
    </dialog>
  );
}
