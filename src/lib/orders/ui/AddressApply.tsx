/**
 * Back from choosing an address (addressList?choose=1&back=…&addressId=): the order takes it —
 * before payment on the order itself, after it while picking — and the page shows it.
 */
import { useEffect, useRef } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { changeAddress } from '#lib/orders/index.ts';

interface Props {
  orderNo: string;
  addressId: string;
  paid: boolean;
  /** The order's page without the chosen address in its link. */
  doneHref: string;
}

export default function AddressApply(props: Props) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    changeAddress(props.orderNo, props.addressId, props.paid)
      .then(() => {
        toast('地址已修改', 1500);
        location.replace(props.doneHref);
      })
      .catch(() => {
        // The request client has shown why; the link no longer asks again.
        history.replaceState(null, '', props.doneHref);
      });
  }, [props]);
  return (
    <p className="address-applying" role="status">
      正在修改收货地址…
    </p>
  );
}
