/**
 * 加入购物车 and 立即购买 from a live room's product list, without leaving the room: a tap on a
 * `[data-buy-product]` button opens the product's SKU sheet (the product page's, SkuPicker.tsx);
 * 立即购买 goes on to checkout as the product page does. A visitor gets the login popup first.
 */
import { useEffect, useState } from 'react';
import { openLoginPopup } from '#lib/identity/index.ts';
import type { LiveBuyProduct } from '#lib/live/ui/room-page.server.ts';
import { SkuSheet } from '../../../cart/ui/SkuPicker.tsx';

interface Props {
  shopId: string;
  loggedIn: boolean;
  /** The route has the login popup (living); else the login page. */
  loginPopup: boolean;
  loginHref: string;
  buyHref: string;
  products: LiveBuyProduct[];
}

export default function LiveBuy(props: Props) {
  const [open, setOpen] = useState<{ productNo: string; action: 'cart' | 'buy' } | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button =
        event.target instanceof Element ? event.target.closest('[data-buy-product]') : null;
      if (!(button instanceof HTMLElement)) return;
      event.preventDefault();
      if (!props.loggedIn) {
        if (props.loginPopup) openLoginPopup();
        else location.href = props.loginHref;
        return;
      }
      setOpen({
        productNo: button.dataset.buyProduct ?? '',
        action: button.dataset.buy === 'buy' ? 'buy' : 'cart',
      });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [props.loggedIn, props.loginPopup, props.loginHref]);

  const product = open ? props.products.find((p) => p.productNo === open.productNo) : undefined;
  if (!open || !product) return null;
  return (
    <SkuSheet
      key={product.productNo}
      shopId={props.shopId}
      skus={product.skus}
      coverUrl={product.coverUrl}
      buyHref={props.buyHref}
      action={open.action}
      onClose={() => setOpen(null)}
    />
  );
}
