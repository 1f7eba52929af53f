/**
 * The product page's buying buttons and SKU picker: pick colour and size (sold-out ones
 * disabled), a quantity, then add to cart (saved on the server; the cart badges follow
 * $cartCount) or buy now. The bar's 首页 and 购物车 links are the page's own (BuyBar.astro).
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Messages } from '#lib/platform/errors.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import { addToCart } from '#lib/cart/index.ts';
import './SkuPicker.css';

export interface PickerSku {
  skuNo: string;
  color: string;
  size: string;
  priceCents: number;
  stock: number;
  /** The SKU's own picture, already sized for the sheet; null shows the product's cover. */
  imageUrl: string | null;
}

interface Props {
  shopId: string;
  skus: PickerSku[];
  /** The product's first picture, sized for the sheet. */
  coverUrl: string | null;
  /** Only a running sale sells; otherwise the bar says why. */
  saleState: 'upcoming' | 'ongoing' | 'ended' | 'none';
  loggedIn: boolean;
  loginHref: string;
  buyHref: string;
}

const LOW_STOCK = 10;

/** What the sheet says about stock: the count left, urgently when few are left. */
function stockText(stock: number): string {
  if (stock <= 0) return '已售罄';
  return stock <= LOW_STOCK ? `仅剩${stock}件` : `库存${stock}件`;
}

/** Size help: the usual fit of each letter size (height / weight), shown beside the size choice. */
const SIZE_HELP: Record<string, string> = {
  XS: '150-155cm / 40-45kg',
  S: '155-160cm / 45-50kg',
  M: '160-168cm / 50-58kg',
  L: '168-175cm / 58-68kg',
  XL: '175-182cm / 68-78kg',
  XXL: '182-188cm / 78-88kg',
};

export default function SkuPicker(props: Props) {
  const { skus } = props;
  const [open, setOpen] = useState<null | 'cart' | 'buy'>(null);

  const selling = props.saleState === 'ongoing' && skus.some((s) => s.stock > 0);

  function start(action: 'cart' | 'buy') {
    if (!props.loggedIn) {
      location.href = props.loginHref;
      return;
    }
    setOpen(action);
  }

  const blocked =
    props.saleState === 'upcoming'
      ? '即将开抢'
      : props.saleState === 'ended'
        ? '活动已结束'
        : selling
          ? null
          : '已售罄';

  const hydrated = useHydrated();

  return (
    <>
      {blocked ? (
        <button type="button" className="bar-blocked" disabled>
          {blocked}
        </button>
      ) : (
        <>
          <button type="button" className="bar-cart" onClick={() => start('cart')}>
            加入购物车
          </button>
          <button type="button" className="bar-buy" onClick={() => start('buy')}>
            立即购买
          </button>
        </>
      )}
      {/* Over the page, not in the bar: the bar's layer would cap the sheet's. */}
      {hydrated &&
        createPortal(
          <SkuSheet
            shopId={props.shopId}
            skus={skus}
            coverUrl={props.coverUrl}
            buyHref={props.buyHref}
            action={open}
            onClose={() => setOpen(null)}
          />,
          document.body,
        )}
    </>
  );
}

export interface SkuSheetProps {
  shopId: string;
  skus: PickerSku[];
  coverUrl: string | null;
  buyHref: string;
  /** Open for adding to the cart or buying now; null: closed (the choice is kept). */
  action: null | 'cart' | 'buy';
  onClose: () => void;
}

/**
 * The SKU sheet: colour, size and quantity, then add to cart or go to checkout. The product page's
 * bar opens it, and so does a live room's product list (live/ui/room).
 */
export function SkuSheet(props: SkuSheetProps) {
  const { skus } = props;
  const open = props.action;
  const close = props.onClose;
  const colors = useMemo(() => [...new Set(skus.map((s) => s.color))], [skus]);
  const sizes = useMemo(() => [...new Set(skus.map((s) => s.size))], [skus]);
  const [color, setColor] = useState(colors.length === 1 ? colors[0]! : '');
  const [size, setSize] = useState(sizes.length === 1 ? sizes[0]! : '');
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [sizeHelp, setSizeHelp] = useState(false);
  const helpRows = sizes.filter((z) => z in SIZE_HELP);

  const chosen = skus.find((s) => s.color === color && s.size === size);
  // The chosen SKU's picture, else the chosen colour's, else the product's cover.
  const picture =
    chosen?.imageUrl ??
    skus.find((s) => s.color === color && s.imageUrl)?.imageUrl ??
    props.coverUrl;
  const inStock = (c: string, z: string) =>
    skus.some((s) => s.color === c && s.size === z && s.stock > 0);
  const colorAvailable = (c: string) => sizes.some((z) => inStock(c, z) && (!size || z === size));
  const sizeAvailable = (z: string) => colors.some((c) => inStock(c, z) && (!color || c === color));
  const maxQuantity = Math.max(1, Math.min(chosen?.stock ?? 99, 99));
  useEffect(() => {
    if (quantity > maxQuantity) setQuantity(maxQuantity);
  }, [quantity, maxQuantity]);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  async function confirm() {
    if (!chosen) {
      toast(colors.length > 1 && !color ? '请选择颜色' : '请选择尺码');
      return;
    }
    if (open === 'buy') {
      const url = new URL(props.buyHref, location.origin);
      url.searchParams.set('skuNo', chosen.skuNo);
      url.searchParams.set('quantity', String(quantity));
      location.href = `${url.pathname}${url.search}`;
      return;
    }
    setBusy(true);
    try {
      await addToCart(props.shopId, chosen.skuNo, quantity);
      toast(Messages.ADDED_TO_CART, 1500);
      close();
    } catch {
      // The request client has shown the reason (stock, sale ended, login).
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {open && (
        <div className="sheet-backdrop" onClick={() => close()}>
          <div
            className="sheet"
            role="dialog"
            aria-label="选择规格"
            onClick={(e) => e.stopPropagation()}
          >
            <div className="sheet-head">
              {picture ? (
                <img className="sheet-picture" src={picture} width="90" height="90" alt="" />
              ) : null}
              <div>
                <p className="sheet-price">
                  ¥{formatYuan(chosen?.priceCents ?? Math.min(...skus.map((s) => s.priceCents)))}
                </p>
                <p className="sheet-stock">{chosen ? stockText(chosen.stock) : '请选择规格'}</p>
              </div>
              <button
                type="button"
                className="sheet-close"
                aria-label="关闭"
                onClick={() => close()}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            {colors.length > 1 || colors[0] ? (
              <fieldset>
                <legend>颜色</legend>
                {colors.map((c) => (
                  <button
                    type="button"
                    key={c}
                    aria-pressed={c === color}
                    disabled={!colorAvailable(c)}
                    onClick={() => setColor(c === color ? '' : c)}
                  >
                    {c}
                  </button>
                ))}
              </fieldset>
            ) : null}
            <fieldset>
              <legend>
                尺码
                {helpRows.length > 0 && (
                  <button
                    type="button"
                    className="size-help"
                    aria-expanded={sizeHelp}
                    onClick={() => setSizeHelp(!sizeHelp)}
                  >
                    尺码助手
                  </button>
                )}
              </legend>
              {sizeHelp && (
                <table className="size-table">
                  <tbody>
                    {helpRows.map((z) => (
                      <tr key={z}>
                        <th scope="row">{z}</th>
                        <td>{SIZE_HELP[z]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {sizes.map((z) => (
                <button
                  type="button"
                  key={z}
                  aria-pressed={z === size}
                  disabled={!sizeAvailable(z)}
                  onClick={() => setSize(z === size ? '' : z)}
                >
                  {z}
                </button>
              ))}
            </fieldset>
            <div className="sheet-quantity">
              <span>数量</span>
              <button
                type="button"
                aria-label="减少"
                disabled={quantity <= 1}
                onClick={() => setQuantity(quantity - 1)}
              >
                −
              </button>
              <output aria-label="购买数量">{quantity}</output>
              <button
                type="button"
                aria-label="增加"
                disabled={quantity >= maxQuantity}
                onClick={() => setQuantity(quantity + 1)}
              >
                +
              </button>
            </div>
            <button type="button" className="sheet-confirm" disabled={busy} onClick={confirm}>
              {open === 'cart' ? '加入购物车' : '立即购买'}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
